import { describe, expect, it } from 'vitest';
import { readVideoMetadata } from '../../../../functions/media/mp4';
import { syntheticMp4 } from '../../../support/mp4';

function reader(file: Buffer) {
  const reads: Array<[number, number]> = [];
  return {
    reads,
    read: async (start: number, end: number) => {
      reads.push([start, end]);
      return new Uint8Array(file.subarray(start, end + 1));
    },
  };
}

describe('MP4 metadata', () => {
  it('reads duration and video size from moov', async () => {
    const file = syntheticMp4({ durationSeconds: 42.5, width: 1080, height: 1920 });
    expect(await readVideoMetadata(reader(file).read, file.length)).toEqual({ durationSeconds: 42.5, width: 1080, height: 1920 });
  });

  it('finds moov at the end without reading the media data', async () => {
    const file = syntheticMp4({ durationSeconds: 7, payloadBytes: 5_000_000, moovAtEnd: true });
    const { read, reads } = reader(file);
    expect((await readVideoMetadata(read, file.length)).durationSeconds).toBe(7);
    expect(Math.max(...reads.map(([start, end]) => end - start + 1))).toBeLessThanOrEqual(32);
  });

  it('gives nothing for a file that is not MP4', async () => {
    const file = Buffer.from('RIFF....AVI LIST');
    expect(await readVideoMetadata(reader(file).read, file.length)).toEqual({});
  });
});
