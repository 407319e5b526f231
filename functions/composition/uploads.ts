import * as z from '../../shared/zod';
import { ConfigurationError } from '../config';
import { createUploadService, defaultUploadLimits, type UploadLimits, type UploadService } from '../services/uploads';
import { storageLimit, storageQuota } from './memberships';
import { s3Client } from './s3';
import { bucketName, clock } from './shared';

const byteCount = z.string().trim().regex(/^\d+$/).transform(Number).pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** MAX_IMAGE_BYTES and MAX_VIDEO_BYTES (whole bytes), read once at cold start; defaults 20 MiB and 4 GiB. */
export function readUploadLimits(env: NodeJS.ProcessEnv): UploadLimits {
  const read = (variable: string, fallback: number) => {
    const value = env[variable];
    if (value === undefined || value === '') return fallback;
    const parsed = byteCount.safeParse(value);
    if (!parsed.success) throw new ConfigurationError(`Invalid configuration: ${variable} must be a whole number of bytes greater than 0 (got "${value}")`);
    return parsed.data;
  };
  return {
    maxImageBytes: read('MAX_IMAGE_BYTES', defaultUploadLimits.maxImageBytes),
    maxVideoBytes: read('MAX_VIDEO_BYTES', defaultUploadLimits.maxVideoBytes),
  };
}
let service: UploadService | undefined;
/** Uploads of a post's media (the media bucket), within the user's storage. */
export function uploadService(): UploadService {
  return (service ??= createUploadService({
    s3: s3Client(),
    bucket: bucketName('media'),
    limits: readUploadLimits(process.env),
    clock,
    quota: storageQuota(),
    storageLimit,
  }));
}
