import * as z from '../../shared/zod';
import { ConfigurationError } from '../config';
import { InvalidInput } from '../errors';
import { createOutboundFetch, OutboundRefused, outboundAllowedOrigins, type OutboundRule } from '../http/outbound';
import { createUploadService, defaultUploadLimits, FROM_URL_TIMEOUT_MS, type FileDownload, type UploadLimits, type UploadService } from '../services/uploads';
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

/**
 * Taking a file from an address under the outbound rule (functions/http/outbound.ts): https, a
 * public host after resolution, no redirect, at most `maxBytes` within FROM_URL_TIMEOUT_MS. Every
 * refusal is an InvalidInput whose words say why (never the far host's answer).
 */
export function fileDownload(rule: Omit<OutboundRule, 'maxBytes'> = {}, fetchImpl?: Parameters<typeof createOutboundFetch>[1]): FileDownload {
  return async (url, maxBytes) => {
    const fetchFile = createOutboundFetch({ timeoutMs: FROM_URL_TIMEOUT_MS, ...rule, maxBytes }, fetchImpl);
    let response: Response;
    try {
      response = await fetchFile(url, { method: 'GET' });
    } catch (error) {
      if (error instanceof OutboundRefused) throw new InvalidInput(`The file could not be taken from this address: ${error.message}`);
      if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError') {
        const seconds = Math.max(1, Math.ceil((rule.timeoutMs ?? FROM_URL_TIMEOUT_MS) / 1000));
        throw new InvalidInput(`The address did not send the whole file within ${seconds} second${seconds === 1 ? '' : 's'}: upload the file instead.`);
      }
      throw new InvalidInput('The address could not be reached: check it opens in a browser, or upload the file instead.');
    }
    if (response.status !== 200) throw new InvalidInput(`The address answered HTTP ${response.status} instead of the file.`);
    return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') };
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
    download: fileDownload({ allowedOrigins: outboundAllowedOrigins(process.env) }),
  }));
}
