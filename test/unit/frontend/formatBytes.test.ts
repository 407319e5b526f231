import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../frontend/src/features/settings/formatBytes';

describe('formatBytes (Settings: storage and the export size)', () => {
  it('uses 1024-based units with one decimal above bytes', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(1023, 'en')).toBe('1,023 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(2 * 1024 ** 3, 'en')).toBe('2 GB');
    expect(formatBytes(3 * 1024 ** 4, 'en')).toBe('3 TB');
  });

  it('writes the number in the user language', () => {
    expect(formatBytes(1.5 * 1024 ** 2, 'tr')).toBe('1,5 MB');
  });
});
