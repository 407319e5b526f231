import type { TokenSet } from '../adapter';
import { withQuery, type PlatformHttp } from '../http';
import { isOk } from '../steps';
import { classifyThreadsError } from './errors';

/** The documented limits (Threads API overview, "Posts" and Reply Management, "Rate limits"), where an answer leaves them out. */
export const THREADS_POSTS_PER_DAY = 250;
export const THREADS_REPLIES_PER_DAY = 1000;
const DAY_SECONDS = 86_400;

export interface ThreadsQuota {
  used: number;
  total: number;
  windowSeconds: number;
}

/**
 * GET /{user}/threads_publishing_limit: how many posts (quota_usage, config) or replies
 * (reply_quota_usage, reply_config) the profile has published through the API in the moving
 * window, and its total. One read-only call.
 */
export async function readThreadsQuota(
  deps: { http: PlatformHttp; clock: { now(): Date }; graph: (path: string) => string },
  tokens: Pick<TokenSet, 'accessToken'>,
  platformUserId: string,
  kind: 'posts' | 'replies',
): Promise<ThreadsQuota> {
  const fields = kind === 'posts' ? 'quota_usage,config' : 'reply_quota_usage,reply_config';
  const response = await deps.http({
    method: 'GET',
    url: withQuery(deps.graph(`/${platformUserId}/threads_publishing_limit`), { fields }),
    headers: { authorization: `Bearer ${tokens.accessToken}` },
  });
  if (!isOk(response)) throw classifyThreadsError(response, deps.clock.now());
  type Config = { quota_total?: unknown; quota_duration?: unknown };
  const limit = (response.body as { data?: Array<{ quota_usage?: unknown; config?: Config; reply_quota_usage?: unknown; reply_config?: Config }> } | undefined)?.data?.[0];
  const count = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback);
  const config = kind === 'posts' ? limit?.config : limit?.reply_config;
  return {
    used: count(kind === 'posts' ? limit?.quota_usage : limit?.reply_quota_usage, 0),
    total: count(config?.quota_total, kind === 'posts' ? THREADS_POSTS_PER_DAY : THREADS_REPLIES_PER_DAY),
    windowSeconds: Math.max(1, count(config?.quota_duration, DAY_SECONDS)),
  };
}
