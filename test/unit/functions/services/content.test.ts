import { describe, expect, it } from 'vitest';
import { contentMatchesExtension, mp4TwinKey, parseContentKey } from '../../../../functions/services/content';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('content keys', () => {
  it('parses <userId>/videos|podcasts/<ULID>.<ext> with an extension that fits the folder', () => {
    expect(parseContentKey('user-1/videos/01JABCDEFGHJKMNPQRSTVWXYZ0.mp4')).toEqual({ userId: 'user-1', type: 'video', contentId: '01JABCDEFGHJKMNPQRSTVWXYZ0', extension: 'mp4' });
    expect(parseContentKey('user-1/podcasts/01JABCDEFGHJKMNPQRSTVWXYZ0.m4a')?.type).toBe('podcast');
    expect(parseContentKey('user-1/podcasts/01JABCDEFGHJKMNPQRSTVWXYZ0.mp4')).toBeUndefined();
    expect(parseContentKey('user-1/videos/../01JABCDEFGHJKMNPQRSTVWXYZ0.mp4')).toBeUndefined();
    expect(parseContentKey('user-1/images/01JABCDEFGHJKMNPQRSTVWXYZ0.png')).toBeUndefined();
  });

  it('puts the .mp4 twin beside a .webm video only', () => {
    expect(mp4TwinKey('u/videos/01JABCDEFGHJKMNPQRSTVWXYZ0.webm')).toBe('u/videos/01JABCDEFGHJKMNPQRSTVWXYZ0.mp4');
    expect(mp4TwinKey('u/videos/01JABCDEFGHJKMNPQRSTVWXYZ0.mp4')).toBeUndefined();
  });
});

describe("a generated file's first bytes", () => {
  it('recognises MP4 and M4A (ftyp), WebM (EBML) and MP3 (ID3 or a frame sync)', () => {
    expect(contentMatchesExtension(text('\0\0\0\x18ftypisom'), 'mp4')).toBe(true);
    expect(contentMatchesExtension(text('\0\0\0\x18ftypM4A '), 'm4a')).toBe(true);
    expect(contentMatchesExtension(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x01), 'webm')).toBe(true);
    expect(contentMatchesExtension(text('ID3\x04'), 'mp3')).toBe(true);
    expect(contentMatchesExtension(bytes(0xff, 0xfb, 0x90, 0x00), 'mp3')).toBe(true);
  });

  it('refuses anything else', () => {
    expect(contentMatchesExtension(text('<html>'), 'mp4')).toBe(false);
    expect(contentMatchesExtension(bytes(0x1a, 0x45, 0xdf, 0xa3), 'mp4')).toBe(false);
    expect(contentMatchesExtension(text('RIFF....WAVE'), 'mp3')).toBe(false);
    expect(contentMatchesExtension(bytes(), 'webm')).toBe(false);
  });
});
