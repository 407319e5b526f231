import { platforms, type Platform } from '../shared/platforms';
import { ConfigurationError } from './config';
import type { PublisherOptions } from './platforms/publisher';

export function publisherFunctionEnvName(platform: Platform): string {
  return `PUBLISHER_FUNCTION_${platform.toUpperCase()}`;
}

/** The state machine and the platform functions it invokes per target (set by the stack or the twin). */
export function readPublishingTargets(env: NodeJS.ProcessEnv): { stateMachineArn: string; publisherFunctions: Record<Platform, string> } {
  const stateMachineArn = env['STATE_MACHINE_ARN'];
  if (!stateMachineArn) throw new ConfigurationError('Missing configuration: STATE_MACHINE_ARN');
  const publisherFunctions = {} as Record<Platform, string>;
  for (const platform of platforms) {
    const name = env[publisherFunctionEnvName(platform)];
    if (!name) throw new ConfigurationError(`Missing configuration: ${publisherFunctionEnvName(platform)}`);
    publisherFunctions[platform] = name;
  }
  return { stateMachineArn, publisherFunctions };
}

/**
 * Publishing options: LINKEDIN_VERSION (YYYYMM, LinkedIn retires versions after a year),
 * INSTAGRAM_GRAPH_VERSION. X videos are always uploaded: the old link fallback
 * (X_VIDEO_LINK_FALLBACK_BYTES) would have published a presigned URL carrying the role's
 * session token, so it is gone, and setting it is refused rather than ignored.
 */
export function readPublisherOptions(env: NodeJS.ProcessEnv): PublisherOptions {
  const linkedinVersion = env['LINKEDIN_VERSION'] ?? '202609';
  if (!/^\d{6}$/.test(linkedinVersion)) throw new ConfigurationError('Bad configuration: LINKEDIN_VERSION must be YYYYMM');
  const fallback = env['X_VIDEO_LINK_FALLBACK_BYTES'];
  if (fallback !== undefined && fallback !== '' && fallback !== '0') {
    throw new ConfigurationError('Bad configuration: X_VIDEO_LINK_FALLBACK_BYTES is no longer supported (X videos are always uploaded; a link would expose a presigned URL)');
  }
  return { linkedinVersion, instagramGraphVersion: env['INSTAGRAM_GRAPH_VERSION'] ?? 'v21.0' };
}
