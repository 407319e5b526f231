/**
 * Builds a small, structurally valid MP4 (ftyp, moov with mvhd and one video track's tkhd,
 * mdat) with a chosen duration and size: enough for metadata readers and upload paths.
 */
function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, 'ascii');
  return Buffer.concat([header, body]);
}

export function syntheticMp4(options: { durationSeconds: number; width?: number; height?: number; payloadBytes?: number; moovAtEnd?: boolean }): Buffer {
  const timescale = 1000;
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(timescale, 12);
  mvhd.writeUInt32BE(Math.round(options.durationSeconds * timescale), 16);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE((options.width ?? 1080) * 65536, 76);
  tkhd.writeUInt32BE((options.height ?? 1920) * 65536, 80);
  const moov = box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd)));
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'binary'));
  const mdat = box('mdat', Buffer.alloc(options.payloadBytes ?? 1024, 7));
  return options.moovAtEnd ? Buffer.concat([ftyp, mdat, moov]) : Buffer.concat([ftyp, moov, mdat]);
}
