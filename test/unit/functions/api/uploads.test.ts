import { describe, expect, it } from 'vitest';
import { abortUploadSchema, completeUploadSchema, createUploadSchema } from '../../../../shared/api/uploads';

function messagesOf(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string[] {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

describe('the create-upload input', () => {
  it.each([
    ['photo.png', 'image/png'],
    ['photo.JPG', 'image/jpeg'],
    ['photo.jpeg', 'image/jpg'],
    ['anim.Gif', 'image/gif'],
    ['clip.mp4', 'video/mp4'],
    ['clip.MOV', 'video/quicktime'],
    ['clip.avi', 'video/x-msvideo'],
    ['clip.avi', 'video/avi'],
  ])('accepts %s as %s', (fileName, contentType) => {
    expect(createUploadSchema.safeParse({ fileName, contentType, size: 1234 }).success).toBe(true);
  });

  it.each(['photo.webp', 'photo.heic', 'clip.mkv', 'noextension', 'photo.png.exe', 'photo.'])('refuses %s: only the spec’s types', (fileName) => {
    expect(messagesOf(createUploadSchema.safeParse({ fileName, contentType: 'image/png', size: 10 }))).toEqual([
      'Only PNG, JPG, GIF images, MP4, MOV, AVI videos and PDF documents are accepted',
    ]);
  });

  it('refuses a content type that does not agree with the extension', () => {
    expect(messagesOf(createUploadSchema.safeParse({ fileName: 'clip.mp4', contentType: 'image/png', size: 10 }))).toEqual([
      'The file type image/png does not match the .mp4 extension (expected video/mp4).',
    ]);
  });

  it('refuses an empty file and a fractional size', () => {
    expect(messagesOf(createUploadSchema.safeParse({ fileName: 'a.png', contentType: 'image/png', size: 0 }))).toEqual(['The file is empty.']);
    expect(messagesOf(createUploadSchema.safeParse({ fileName: 'a.png', contentType: 'image/png', size: 1.5 }))).toEqual([
      'The file size must be a whole number of bytes.',
    ]);
  });

  it('refuses a missing file name and a missing type', () => {
    expect(messagesOf(createUploadSchema.safeParse({ fileName: ' ', contentType: 'image/png', size: 1 }))).toContain('The file name is missing.');
    expect(messagesOf(createUploadSchema.safeParse({ fileName: 'a.png', contentType: '', size: 1 }))).toContain('The file type is missing.');
  });
});

describe('the complete- and abort-upload inputs', () => {
  const ref = { key: 'u/videos/abcdefghijklmnopqrst.mp4', uploadId: 'x' };

  it('needs at least one part, each once', () => {
    expect(messagesOf(completeUploadSchema.safeParse({ ...ref, parts: [] }))).toEqual(['No parts were uploaded.']);
    expect(
      messagesOf(completeUploadSchema.safeParse({ ...ref, parts: [{ partNumber: 1, etag: 'a' }, { partNumber: 1, etag: 'b' }] })),
    ).toEqual(['A part number appears twice.']);
    expect(completeUploadSchema.safeParse({ ...ref, parts: [{ partNumber: 1, etag: '"a"' }] }).success).toBe(true);
  });

  it('needs the key and the upload id', () => {
    expect(messagesOf(abortUploadSchema.safeParse({ key: '', uploadId: '' }))).toEqual(['The upload key is missing.', 'The upload id is missing.']);
  });
});
