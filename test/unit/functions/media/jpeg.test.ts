import { describe, expect, it } from 'vitest';
import { jpegDimensions } from '../../../../functions/media/jpeg';
import { tinyJpeg } from '../../../support/posts';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** SOI, an APP0 segment, then a frame header of the given marker and size. */
function jpegWithFrame(marker: number, width: number, height: number): Buffer {
  const app0 = Buffer.from('ffe000104a46494600010100000100010000', 'hex');
  const frame = Buffer.from([0xff, marker, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, Buffer.from([0xff, 0xd9])]);
}

describe('reading a JPEG thumbnail’s size from its frame header', () => {
  it('reads a baseline JPEG', () => {
    expect(jpegDimensions(tinyJpeg)).toEqual({ width: 1, height: 1 });
    expect(jpegDimensions(jpegWithFrame(0xc0, 480, 270))).toEqual({ width: 480, height: 270 });
  });

  it('reads a progressive JPEG (SOF2), the kind a canvas may write', () => {
    expect(jpegDimensions(jpegWithFrame(0xc2, 270, 480))).toEqual({ width: 270, height: 480 });
  });

  it('skips a DHT segment (0xc4), which is not a frame header', () => {
    const dht = Buffer.from([0xff, 0xc4, 0x00, 0x04, 0x00, 0x00]);
    const bytes = jpegWithFrame(0xc0, 320, 180);
    expect(jpegDimensions(Buffer.concat([bytes.subarray(0, 2), dht, bytes.subarray(2)]))).toEqual({ width: 320, height: 180 });
  });

  it('refuses what is not a JPEG, is cut short, or has no frame before its scan', () => {
    expect(jpegDimensions(png)).toBeUndefined();
    expect(jpegDimensions(new Uint8Array())).toBeUndefined();
    expect(jpegDimensions(tinyJpeg.subarray(0, 30))).toBeUndefined();
    expect(jpegDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]))).toBeUndefined();
    expect(jpegDimensions(jpegWithFrame(0xc0, 0, 10))).toBeUndefined();
    // A segment whose length runs past the end of the bytes.
    expect(jpegDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x7f, 0xff, 0x00]))).toBeUndefined();
  });
});
