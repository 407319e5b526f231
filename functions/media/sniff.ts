/**
 * Checks a file's first bytes against what its extension claims: PNG and JPEG signatures,
 * GIF87a/GIF89a, an ISO base media `ftyp` box for MP4 and MOV (a QuickTime file may also start
 * with a moov, wide, mdat or free atom), RIFF....AVI for AVI, and `%PDF-` for a PDF document.
 */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

const isPng = (bytes: Uint8Array) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isJpeg = (bytes: Uint8Array) => startsWith(bytes, [0xff, 0xd8, 0xff]);
const isGif = (bytes: Uint8Array) => bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6));
const firstBoxType = (bytes: Uint8Array) => (bytes.length >= 8 ? ascii(bytes, 4, 8) : '');
const isMp4 = (bytes: Uint8Array) => firstBoxType(bytes) === 'ftyp';
const isQuickTime = (bytes: Uint8Array) => ['ftyp', 'moov', 'wide', 'mdat', 'free'].includes(firstBoxType(bytes));
const isPdf = (bytes: Uint8Array) => bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-';
const isAvi = (bytes: Uint8Array) => bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'AVI ';

const checks: Record<string, (bytes: Uint8Array) => boolean> = {
  png: isPng,
  jpg: isJpeg,
  jpeg: isJpeg,
  gif: isGif,
  mp4: isMp4,
  mov: isQuickTime,
  avi: isAvi,
  pdf: isPdf,
};

/** True when `header` (the file's first SNIFF_BYTES bytes, or all of a shorter file) is a real `.extension` file. */
export function contentMatchesExtension(header: Uint8Array, extension: string): boolean {
  return checks[extension.toLowerCase()]?.(header) ?? false;
}
