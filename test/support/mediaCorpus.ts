import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { syntheticMp4 } from './mp4';
import { tinyJpeg } from './posts';

const samples = resolve(import.meta.dirname, '../../infra/local/demoModule/samples');

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, 'ascii');
  return Buffer.concat([header, body]);
}

/** A QuickTime movie laid out as cameras write it: wide, mdat, then moov with a version-1 mvhd. */
export function quickTimeMovie(durationSeconds: number): Buffer {
  const mvhd = Buffer.alloc(112);
  mvhd[0] = 1;
  mvhd.writeUInt32BE(600, 20);
  mvhd.writeBigUInt64BE(BigInt(Math.round(durationSeconds * 600)), 24);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(1920 * 65536, 76);
  tkhd.writeUInt32BE(1080 * 65536, 80);
  const ftyp = box('ftyp', Buffer.from('qt  \0\0\x02\0qt  ', 'binary'));
  return Buffer.concat([ftyp, box('wide'), box('mdat', Buffer.alloc(2048, 3)), box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd)))]);
}

const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1d5a70000000049454e44ae426082', 'hex');
const gif = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');

/** Real and synthetic media for the parser fuzzing: what the wizard and the modules upload. */
export function mediaCorpus(): Array<{ name: string; extension: 'mp4' | 'mov' | 'jpg' | 'png' | 'gif'; bytes: Buffer }> {
  return [
    { name: 'cartoon.mp4 (Chromium H.264, demo module)', extension: 'mp4', bytes: readFileSync(resolve(samples, 'cartoon.mp4')) },
    { name: 'podcast.m4a as .mp4 (MP4 audio)', extension: 'mp4', bytes: readFileSync(resolve(samples, 'podcast.m4a')) },
    { name: 'synthetic mp4, moov first', extension: 'mp4', bytes: syntheticMp4({ durationSeconds: 12, payloadBytes: 512 }) },
    { name: 'synthetic mp4, moov last', extension: 'mp4', bytes: syntheticMp4({ durationSeconds: 5, payloadBytes: 512, moovAtEnd: true }) },
    { name: 'QuickTime movie (mvhd v1)', extension: 'mov', bytes: quickTimeMovie(33.5) },
    { name: 'JPEG', extension: 'jpg', bytes: tinyJpeg },
    { name: 'PNG', extension: 'png', bytes: png },
    { name: 'GIF', extension: 'gif', bytes: gif },
  ];
}

/** Offsets of every box header (recursively through the containers we read), where size mutations hurt most. */
export function boxOffsets(file: Buffer, start = 0, end = file.length, depth = 0): number[] {
  const offsets: number[] = [];
  for (let offset = start; offset + 8 <= end && depth < 4; ) {
    offsets.push(offset);
    const size = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    if (size < 8 || offset + size > end) break;
    if (['moov', 'trak', 'mdia', 'minf', 'stbl'].includes(type)) offsets.push(...boxOffsets(file, offset + 8, offset + size, depth + 1));
    offset += size;
  }
  return offsets;
}
