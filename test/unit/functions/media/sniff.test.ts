import { describe, expect, it } from 'vitest';
import { contentMatchesExtension, SNIFF_BYTES } from '../../../../functions/media/sniff';
import { syntheticMp4 } from '../../../support/mp4';
import { tinyJpeg } from '../../../support/posts';

const header = (bytes: Buffer) => new Uint8Array(bytes.subarray(0, SNIFF_BYTES));
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')]);
const gif87 = Buffer.from('GIF87a\x01\x00\x01\x00\x00\x00\x00', 'binary');
const gif89 = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'binary');
const avi = Buffer.from('RIFF\x10\x00\x00\x00AVI LIST', 'binary');
const mp4 = syntheticMp4({ durationSeconds: 1 });
const atom = (type: string) => Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from(type, 'ascii'), Buffer.alloc(8)]);

describe('checking a file is what its extension says', () => {
  it.each([
    ['png', png],
    ['jpg', tinyJpeg],
    ['jpeg', tinyJpeg],
    ['JPG', tinyJpeg],
    ['gif', gif87],
    ['gif', gif89],
    ['mp4', mp4],
    ['mov', mp4],
    ['mov', atom('moov')],
    ['mov', atom('wide')],
    ['mov', atom('mdat')],
    ['mov', atom('free')],
    ['avi', avi],
  ])('accepts a real .%s file', (extension, bytes) => {
    expect(contentMatchesExtension(header(bytes), extension)).toBe(true);
  });

  it.each([
    ['mp4', png, 'PNG bytes named .mp4'],
    ['png', tinyJpeg, 'a JPEG named .png'],
    ['jpg', png, 'a PNG named .jpg'],
    ['gif', Buffer.from('GIF88a\x01\x00', 'binary'), 'an unknown GIF version'],
    ['mp4', atom('moov'), 'a QuickTime moov-first file named .mp4'],
    ['mov', avi, 'an AVI named .mov'],
    ['avi', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'binary'), 'a WAV (RIFF but not AVI)'],
    ['mp4', Buffer.from('<html><body>hi</body></html>'), 'HTML named .mp4'],
    ['png', Buffer.alloc(0), 'an empty file'],
    ['jpg', Buffer.from([0xff, 0xd8]), 'a truncated JPEG'],
  ])('refuses a disguised .%s file (%s)', (extension, bytes) => {
    expect(contentMatchesExtension(header(bytes), extension)).toBe(false);
  });

  it('takes a PDF by its %PDF- header and refuses anything else named .pdf', () => {
    expect(contentMatchesExtension(new TextEncoder().encode('%PDF-1.7\n%âãÏÓ'), 'pdf')).toBe(true);
    expect(contentMatchesExtension(new TextEncoder().encode('<html>%PDF-'), 'pdf')).toBe(false);
    expect(contentMatchesExtension(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'pdf')).toBe(false);
    expect(contentMatchesExtension(new TextEncoder().encode('%PDF'), 'pdf')).toBe(false);
  });

  it('refuses an extension it does not know', () => {
    expect(contentMatchesExtension(header(png), 'webp')).toBe(false);
  });
});
