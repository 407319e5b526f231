import { S3Client } from '@aws-sdk/client-s3';
import { withoutSdkLogger } from './sdkLogger';

/**
 * The S3 client: path-style addressing when ONECLICK_S3_FORCE_PATH_STYLE is set (s3rver), and
 * checksums only when required so streamed bodies are stored as sent; no SDK logger (sdkLogger.ts).
 */
export function createS3Client(env: NodeJS.ProcessEnv): S3Client {
  return withoutSdkLogger(
    new S3Client({
      forcePathStyle: env['ONECLICK_S3_FORCE_PATH_STYLE'] === 'true',
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  );
}

let sharedS3Client: S3Client | undefined;
/** The function's one S3 client. */
export function s3Client(): S3Client {
  return (sharedS3Client ??= createS3Client(process.env));
}
