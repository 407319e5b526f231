import { describe, expect, it } from 'vitest';
import { MAX_READS, MediaUnreadable, readVideoMetadata } from '../../../../functions/media/mp4';
import { syntheticMp4 } from '../../../support/mp4';
import { quickTimeMovie } from '../../../support/mediaCorpus';

/** Serves the file's bytes like S3 and fails on any range outside it, empty or inverted. */
function strictReader(file: Buffer) {
  const reads: Array<[number, number]> = [];
  return {
    reads,
    read: async (start: number, end: number) => {
      reads.push([start, end]);
      if (start < 0 || end < start || end >= file.length) throw new Error(`bad range bytes=${start}-${end} of ${file.length}`);
      return new Uint8Array(file.subarray(start, end + 1));
    },
  };
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, 'ascii');
  return Buffer.concat([header, body]);
}
const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isom', 'binary'));

async function refusal(file: Buffer): Promise<MediaUnreadable> {
  const { read } = strictReader(file);
  const error = await readVideoMetadata(read, file.length).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MediaUnreadable);
  expect((error as Error).message).toMatch(/^This video could not be read: .+\.$/);
  return error as MediaUnreadable;
}

describe('MP4 parser on hostile files', () => {
  it('refuses an mvhd of size 8 without asking for the range bytes=40-39', async () => {
    // ftyp (16) + moov header (8) + an mvhd that is only its 8-byte header, at the very end.
    const file = Buffer.concat([ftyp, box('moov', box('mvhd'))]);
    const { read, reads } = strictReader(file);
    await expect(readVideoMetadata(read, file.length)).rejects.toThrow(/movie header \(mvhd\) is too short/);
    for (const [start, end] of reads) expect(end).toBeGreaterThanOrEqual(start);
  });

  it('refuses an mvhd too short for its version (v0 needs 20 bytes, v1 32)', async () => {
    const v1 = Buffer.alloc(24);
    v1[0] = 1;
    expect((await refusal(Buffer.concat([ftyp, box('moov', box('mvhd', v1))]))).message).toMatch(/mvhd/);
    expect((await refusal(Buffer.concat([ftyp, box('moov', box('mvhd', Buffer.alloc(12)))]))).message).toMatch(/mvhd/);
    const v7 = Buffer.alloc(40);
    v7[0] = 7;
    expect((await refusal(Buffer.concat([ftyp, box('moov', box('mvhd', v7))]))).message).toMatch(/unknown version/);
  });

  it('reads a version-1 mvhd (64-bit duration) and a QuickTime layout', async () => {
    const file = quickTimeMovie(33.5);
    expect(await readVideoMetadata(strictReader(file).read, file.length)).toEqual({ durationSeconds: 33.5, width: 1920, height: 1080 });
  });

  it('follows a 64-bit box size, and refuses one larger than the file', async () => {
    // Re-wrap: a moov with size 1 and its real size in the 64-bit field.
    const plain = syntheticMp4({ durationSeconds: 9 });
    const moovStart = plain.indexOf('moov') - 4;
    const moovSize = plain.readUInt32BE(moovStart);
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1, 0);
    large.write('moov', 4, 'ascii');
    large.writeBigUInt64BE(BigInt(moovSize + 8), 8);
    const file = Buffer.concat([plain.subarray(0, moovStart), large, plain.subarray(moovStart + 8, moovStart + moovSize), plain.subarray(moovStart + moovSize)]);
    expect((await readVideoMetadata(strictReader(file).read, file.length)).durationSeconds).toBe(9);

    large.writeBigUInt64BE(2n ** 62n, 8);
    const lying = Buffer.concat([plain.subarray(0, moovStart), large, plain.subarray(moovStart + 8)]);
    expect((await refusal(lying)).message).toMatch(/larger than what contains it/);
    // A size-1 box cut off before its 64-bit size.
    const cut = Buffer.concat([ftyp, Buffer.from([0, 0, 0, 1]), Buffer.from('moov'), Buffer.from([0, 0])]);
    expect((await refusal(cut)).message).toMatch(/64-bit size|cut off/);
  });

  it('treats size 0 as "to the end of the file": a moov after it cannot exist', async () => {
    const mdatToEnd = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from('mdat'), Buffer.alloc(64)]);
    expect((await refusal(Buffer.concat([ftyp, mdatToEnd]))).message).toMatch(/no movie header/);
  });

  it('refuses boxes that are smaller than their header or run past their parent or the file', async () => {
    const tiny = Buffer.concat([ftyp, Buffer.from([0, 0, 0, 4]), Buffer.from('moov')]);
    expect((await refusal(tiny)).message).toMatch(/impossible size \(4 bytes\)/);
    const full = syntheticMp4({ durationSeconds: 3, moovAtEnd: true });
    expect((await refusal(full.subarray(0, full.length - 30))).message).toMatch(/runs past the end|cut off|ended/);
    const inner = Buffer.concat([ftyp, box('moov', Buffer.concat([Buffer.from([0, 0, 0x10, 0]), Buffer.from('mvhd'), Buffer.alloc(8)]))]);
    expect((await refusal(inner)).message).toMatch(/"mvhd" runs past the end/);
  });

  it('refuses a track header too short to hold its width and height', async () => {
    const mvhd = Buffer.alloc(100);
    mvhd.writeUInt32BE(1000, 12);
    const file = Buffer.concat([ftyp, box('moov', box('mvhd', mvhd), box('trak', box('tkhd', Buffer.alloc(10))))]);
    expect((await refusal(file)).message).toMatch(/track header \(tkhd\) is too short/);
  });

  it('bounds the reads of a file made of thousands of tiny boxes', async () => {
    const trak = box('trak', ...Array.from({ length: 64 }, () => box('free')));
    const file = Buffer.concat([ftyp, box('moov', ...Array.from({ length: 256 }, () => trak))]);
    const { read, reads } = strictReader(file);
    await expect(readVideoMetadata(read, file.length)).rejects.toThrow(/more boxes than we read/);
    expect(reads.length).toBeLessThanOrEqual(MAX_READS);
  });

  it('gives no metadata (and reads nothing more) for a file that does not start like MP4 or QuickTime', async () => {
    const avi = Buffer.from('RIFF\xff\xff\xff\xffAVI LIST', 'latin1');
    const { read, reads } = strictReader(avi);
    expect(await readVideoMetadata(read, avi.length)).toEqual({});
    expect(reads).toEqual([[0, 7]]);
    expect(await readVideoMetadata(read, 4)).toEqual({});
  });
});
