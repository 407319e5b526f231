import { ConfigurationError } from '../../config';

/**
 * X has no options: videos are always uploaded. The old link fallback
 * (X_VIDEO_LINK_FALLBACK_BYTES) would have published a presigned URL carrying the role's
 * session token, so it is gone, and setting it is refused rather than ignored.
 */
export type XOptions = Record<string, never>;

export function readXOptions(env: NodeJS.ProcessEnv): XOptions {
  const fallback = env['X_VIDEO_LINK_FALLBACK_BYTES'];
  if (fallback !== undefined && fallback !== '' && fallback !== '0') {
    throw new ConfigurationError('Bad configuration: X_VIDEO_LINK_FALLBACK_BYTES is no longer supported (X videos are always uploaded; a link would expose a presigned URL)');
  }
  return {};
}
