import { json, bearerToken, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { simulatedMetrics } from '../engagement';
import type { LimitDefinitions } from '../limits';
import { MINUTE_MS, overLimit, ownPost } from '../metrics';
import { checkAccessToken, type AccessCheck } from '../oauth';
import type { PlatformContext } from '../platform';
import { invalidRequest, problem } from './api';

/**
 * X's post lookup with public metrics, answering from the simulated engagement of what the
 * account published (../engagement.ts), with its rate limit (docs/analytics.md):
 *
 *   GET /2/tweets?ids=…&tweet.fields=public_metrics   tweetLookupsPer15Minutes (900) → 429 + x-rate-limit-*
 *
 * Another account's posts are not found, as on X.
 */

/** An X post's typical views: the ceiling of its simulated engagement. */
const typicalViews = 1200;

const limits: LimitDefinitions = { tweetLookupsPer15Minutes: { default: 900, description: 'GET /2/tweets calls per user per 15 minutes → 429 with x-rate-limit-reset' } };

function routes(context: PlatformContext): Route[] {
  function lookup(request: SandboxRequest): SandboxResponse {
    const access: AccessCheck = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return problem(401, 'Unauthorized', { type: 'about:blank', detail: 'Unauthorized' });
    if (!['tweet.read', 'users.read'].every((scope) => access.token.scopes.includes(scope))) return problem(403, 'Forbidden');
    const ids = (request.query.get('ids') ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    if (ids.length === 0 || ids.length > 100 || !ids.every((id) => /^\d{1,19}$/.test(id))) {
      return invalidRequest('The `ids` query parameter value must be 1 to 100 post ids', { ids: [request.query.get('ids') ?? ''] });
    }
    const now = context.now();
    const limit = overLimit(context, `lookup/${access.account.name}`, 15 * MINUTE_MS, 'tweetLookupsPer15Minutes');
    const remaining = Math.max(0, context.limit('tweetLookupsPer15Minutes') - context.events.since(`lookup/${access.account.name}`, now - 15 * MINUTE_MS + 1).length);
    const rateHeaders = {
      'x-rate-limit-limit': String(context.limit('tweetLookupsPer15Minutes')),
      'x-rate-limit-remaining': String(remaining),
      'x-rate-limit-reset': String(Math.ceil(limit.resetAt / 1000)),
    };
    if (limit.over) return problem(429, 'Too Many Requests', { detail: 'Too Many Requests', type: 'about:blank' }, rateHeaders);
    const fields = (request.query.get('tweet.fields') ?? '').split(',');
    const data: unknown[] = [];
    const errors: unknown[] = [];
    for (const id of ids) {
      const entry = ownPost(context, access.account.name, id);
      if (!entry) {
        errors.push({ value: id, detail: `Could not find tweet with ids: [${id}].`, title: 'Not Found Error', resource_type: 'tweet', parameter: 'ids', resource_id: id, type: 'https://api.x.com/2/problems/resource-not-found' });
        continue;
      }
      const metrics = simulatedMetrics(entry, now, typicalViews);
      const retweets = Math.floor(metrics.shares * 0.7);
      data.push({
        id,
        text: entry.text,
        edit_history_tweet_ids: [id],
        ...(fields.includes('created_at') ? { created_at: new Date(entry.createdAt).toISOString() } : {}),
        ...(fields.includes('public_metrics')
          ? { public_metrics: { retweet_count: retweets, reply_count: metrics.comments, like_count: metrics.likes, quote_count: metrics.shares - retweets, bookmark_count: metrics.saves, impression_count: metrics.views } }
          : {}),
      });
    }
    return json(200, { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) }, rateHeaders);
  }
  return [{ method: 'GET', hostKey: 'api', path: '/2/tweets', handle: lookup }];
}

/** The metrics routes and their rate limit, beside the platform's own. */
export function xMetrics(context: PlatformContext): { routes: Route[]; limits: LimitDefinitions } {
  return { routes: routes(context), limits };
}
