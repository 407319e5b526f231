/**
 * Reads an MP4/QuickTime file's duration and video size from its boxes (moov/mvhd and the
 * video track's tkhd) with a few ranged reads — the moov box may sit at the end of the file,
 * and nothing else of the file is read.
 */
export type RangeReader = (start: number, endInclusive: number) => Promise<Uint8Array>;

export interface VideoMetadata {
  durationSeconds?: number;
  width?: number;
  height?: number;
}

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

async function boxAt(read: RangeReader, offset: number, limit: number): Promise<Box | undefined> {
  if (offset + 8 > limit) return undefined;
  const header = await read(offset, Math.min(offset + 15, limit - 1));
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  let size = view.getUint32(0);
  const type = String.fromCharCode(...header.subarray(4, 8));
  let headerSize = 8;
  if (size === 1) {
    if (header.byteLength < 16) return undefined;
    size = Number(view.getBigUint64(8));
    headerSize = 16;
  } else if (size === 0) {
    size = limit - offset;
  }
  if (size < headerSize) return undefined;
  return { type, start: offset, headerSize, size };
}

async function children(read: RangeReader, parent: { start: number; end: number }, maxBoxes = 10_000): Promise<Box[]> {
  const boxes: Box[] = [];
  let offset = parent.start;
  while (offset < parent.end && boxes.length < maxBoxes) {
    const box = await boxAt(read, offset, parent.end);
    if (!box) break;
    boxes.push(box);
    offset += box.size;
  }
  return boxes;
}

export async function readVideoMetadata(read: RangeReader, fileSize: number): Promise<VideoMetadata> {
  const top = await children(read, { start: 0, end: fileSize }, 64);
  if (top[0]?.type !== 'ftyp' && top[0]?.type !== 'wide' && top[0]?.type !== 'moov' && top[0]?.type !== 'mdat') return {};
  const moov = top.find((box) => box.type === 'moov');
  if (!moov) return {};
  const moovBody = { start: moov.start + moov.headerSize, end: moov.start + moov.size };
  const inMoov = await children(read, moovBody, 256);
  const metadata: VideoMetadata = {};

  const mvhd = inMoov.find((box) => box.type === 'mvhd');
  if (mvhd) {
    const body = await read(mvhd.start + mvhd.headerSize, Math.min(mvhd.start + mvhd.headerSize + 31, mvhd.start + mvhd.size - 1));
    const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
    const version = body[0];
    const timescale = version === 1 ? view.getUint32(20) : view.getUint32(12);
    const duration = version === 1 ? Number(view.getBigUint64(24)) : view.getUint32(16);
    if (timescale > 0) metadata.durationSeconds = Math.round((duration / timescale) * 1000) / 1000;
  }

  for (const trak of inMoov.filter((box) => box.type === 'trak')) {
    const tkhd = (await children(read, { start: trak.start + trak.headerSize, end: trak.start + trak.size }, 64)).find((box) => box.type === 'tkhd');
    if (!tkhd) continue;
    const end = tkhd.start + tkhd.size - 1;
    const tail = await read(end - 7, end);
    const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
    const width = view.getUint32(0) / 65536;
    const height = view.getUint32(4) / 65536;
    if (width > 0 && height > 0) {
      metadata.width = Math.round(width);
      metadata.height = Math.round(height);
      break;
    }
  }
  return metadata;
}
