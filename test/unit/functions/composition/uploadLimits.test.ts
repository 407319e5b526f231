import { describe, expect, it } from 'vitest';
import { readUploadLimits } from '../../../../functions/composition/uploads';
import { ConfigurationError } from '../../../../functions/config';
import { defaultUploadLimits } from '../../../../functions/services/uploads';

describe('upload limits', () => {
  it('defaults to 20 MiB for images and 4 GiB for videos', () => {
    expect(readUploadLimits({})).toEqual({ maxImageBytes: 20 * 1024 ** 2, maxVideoBytes: 4 * 1024 ** 3 });
    expect(defaultUploadLimits).toEqual(readUploadLimits({}));
  });

  it('reads MAX_IMAGE_BYTES and MAX_VIDEO_BYTES', () => {
    expect(readUploadLimits({ MAX_IMAGE_BYTES: '1000', MAX_VIDEO_BYTES: '2000' })).toEqual({ maxImageBytes: 1000, maxVideoBytes: 2000 });
  });

  it('fails fast naming the variable', () => {
    expect(() => readUploadLimits({ MAX_IMAGE_BYTES: '20MB' })).toThrow(ConfigurationError);
    expect(() => readUploadLimits({ MAX_IMAGE_BYTES: '20MB' })).toThrow(/MAX_IMAGE_BYTES/);
    expect(() => readUploadLimits({ MAX_VIDEO_BYTES: '0' })).toThrow(/MAX_VIDEO_BYTES/);
  });
});
