/**
 * Reads an MP4/QuickTime file's duration and video size from its boxes (moov/mvhd and the
 * video track's tkhd) with a few small ranged reads — the moov box may sit at the end of the
 * file, and nothing else of the file is read.
 *
 * The file is untrusted: every box must fit inside its parent and the file, every read is
 * inside the file (never an empty or inverted range: S3 ignores an invalid Range and answers
 * the whole object), every field is read only when its bytes are there, and the number of reads
 * is bounded. A file whose structure breaks a rule is refused with MediaUnreadable, in words.
 */
export type RangeReader = (start: number, endInclusive: number) => Promise<Uint8Array>;

export interface VideoMetadata {
  durationSeconds?: number;
  width?: number;
  height?: number;
}

/** The file's structure is damaged or hostile; `message` says how, for the person who uploaded it. */
export class MediaUnreadable extends Error {
  constructor(problem: string) {
    super(`This video could not be read: ${problem}.`);
    this.name = 'MediaUnreadable';
  }
}

/** At most this many ranged reads per file (a well-formed file needs about a dozen). */
export const MAX_READS = 400;
const MAX_TOP_LEVEL_BOXES = 64;
const MAX_MOOV_CHILDREN = 256;
const MAX_TRAK_CHILDREN = 64;
const BOX_HEADER_READ = 16;

/** Boxes a QuickTime or ISO BMFF file may start with; anything else is not such a file (no metadata). */
const FIRST_BOX_TYPES = new Set(['ftyp', 'wide', 'moov', 'mdat', 'free', 'skip', 'pnot']);

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

interface Span {
  start: number;
  /** Exclusive. */
  end: number;
}

const printable = (type: string) => (/^[\x20-\x7e]{4}$/.test(type) ? `"${type}"` : 'an unnamed box');

/** Reads within [0, fileSize) only, counts the reads, and insists on getting every byte asked for. */
function boundedReader(read: RangeReader, fileSize: number) {
  let reads = 0;
  return async (start: number, endInclusive: number): Promise<Uint8Array> => {
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(endInclusive) || start < 0 || endInclusive < start || endInclusive >= fileSize) {
      throw new MediaUnreadable('a box points outside the file');
    }
    reads += 1;
    if (reads > MAX_READS) throw new MediaUnreadable(`it has more boxes than we read (over ${MAX_READS} reads)`);
    const bytes = await read(start, endInclusive);
    if (bytes.byteLength !== endInclusive - start + 1) throw new MediaUnreadable('the file ended in the middle of a box');
    return bytes;
  };
}

type Reader = ReturnType<typeof boundedReader>;

async function boxAt(read: Reader, offset: number, parent: Span): Promise<Box> {
  if (parent.end - offset < 8) throw new MediaUnreadable('a box is cut off (fewer than 8 bytes left for its header)');
  const header = await read(offset, Math.min(offset + BOX_HEADER_READ, parent.end) - 1);
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const type = String.fromCharCode(...header.subarray(4, 8));
  const declared = view.getUint32(0);
  let size: number;
  let headerSize = 8;
  if (declared === 1) {
    if (header.byteLength < 16) throw new MediaUnreadable(`the 64-bit size of ${printable(type)} is cut off`);
    const large = view.getBigUint64(8);
    if (large > BigInt(parent.end - offset)) throw new MediaUnreadable(`${printable(type)} claims to be larger than what contains it`);
    size = Number(large);
    headerSize = 16;
  } else if (declared === 0) {
    size = parent.end - offset;
  } else {
    size = declared;
  }
  if (size < headerSize) throw new MediaUnreadable(`${printable(type)} has an impossible size (${size} bytes)`);
  if (offset + size > parent.end) throw new MediaUnreadable(`${printable(type)} runs past the end of what contains it (the file may be truncated)`);
  return { type, start: offset, headerSize, size };
}

/** The boxes directly inside `parent`, stopping after `maxBoxes` or once `stop` says so. */
async function children(read: Reader, parent: Span, maxBoxes: number, stop?: (box: Box) => boolean): Promise<Box[]> {
  const boxes: Box[] = [];
  // Every box is at least 8 bytes, so the offset always advances: the loop ends.
  for (let offset = parent.start; offset < parent.end && boxes.length < maxBoxes; ) {
    const box = await boxAt(read, offset, parent);
    boxes.push(box);
    if (stop?.(box)) break;
    offset += box.size;
  }
  return boxes;
}

const bodyOf = (box: Box): Span => ({ start: box.start + box.headerSize, end: box.start + box.size });

/** The movie's duration from mvhd: version 0 has 32-bit times, version 1 64-bit ones. */
async function durationOf(read: Reader, mvhd: Box): Promise<number | undefined> {
  const body = bodyOf(mvhd);
  if (body.end - body.start < 4) throw new MediaUnreadable('its movie header (mvhd) is too short');
  const version = (await read(body.start, body.start))[0];
  if (version !== 0 && version !== 1) throw new MediaUnreadable(`its movie header has an unknown version (${version})`);
  // version+flags (4), creation and modification times (4 or 8 each), timescale (4), duration (4 or 8).
  const needed = version === 1 ? 32 : 20;
  if (body.end - body.start < needed) throw new MediaUnreadable('its movie header (mvhd) is too short');
  const bytes = await read(body.start, body.start + needed - 1);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const timescale = version === 1 ? view.getUint32(20) : view.getUint32(12);
  const duration = version === 1 ? Number(view.getBigUint64(24)) : view.getUint32(16);
  if (timescale === 0) return undefined;
  const seconds = duration / timescale;
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) / 1000 : undefined;
}

/** A track's width and height: the last 8 bytes of its tkhd (16.16 fixed point). */
async function sizeOf(read: Reader, trak: Box): Promise<{ width: number; height: number } | undefined> {
  const tkhd = (await children(read, bodyOf(trak), MAX_TRAK_CHILDREN, (box) => box.type === 'tkhd')).find((box) => box.type === 'tkhd');
  if (!tkhd) return undefined;
  const body = bodyOf(tkhd);
  // Version 0 tkhd bodies are 84 bytes, version 1 96: anything shorter has no width and height.
  if (body.end - body.start < 84) throw new MediaUnreadable('a track header (tkhd) is too short');
  const tail = await read(body.end - 8, body.end - 1);
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  const width = view.getUint32(0) / 65536;
  const height = view.getUint32(4) / 65536;
  return width > 0 && height > 0 ? { width: Math.round(width), height: Math.round(height) } : undefined;
}

/**
 * The file's duration and video size. A file that does not start like an MP4/QuickTime file
 * gives no metadata; one that starts like one but breaks the structure's rules (or has no movie
 * header) throws MediaUnreadable.
 */
export async function readVideoMetadata(rawRead: RangeReader, fileSize: number): Promise<VideoMetadata> {
  if (!Number.isSafeInteger(fileSize) || fileSize < 8) return {};
  const read = boundedReader(rawRead, fileSize);
  const first = await read(0, 7);
  if (!FIRST_BOX_TYPES.has(String.fromCharCode(...first.subarray(4, 8)))) return {};

  const top = await children(read, { start: 0, end: fileSize }, MAX_TOP_LEVEL_BOXES, (box) => box.type === 'moov');
  const moov = top.find((box) => box.type === 'moov');
  if (!moov) throw new MediaUnreadable('it has no movie header (moov box), so it is incomplete or not a video');
  const inMoov = await children(read, bodyOf(moov), MAX_MOOV_CHILDREN);
  const metadata: VideoMetadata = {};

  const mvhd = inMoov.find((box) => box.type === 'mvhd');
  if (mvhd) {
    const durationSeconds = await durationOf(read, mvhd);
    if (durationSeconds !== undefined) metadata.durationSeconds = durationSeconds;
  }
  for (const trak of inMoov.filter((box) => box.type === 'trak')) {
    const size = await sizeOf(read, trak);
    if (size) {
      Object.assign(metadata, size);
      break;
    }
  }
  return metadata;
}
