import type { Route, SandboxRequest, SandboxResponse } from '../http';
import { simulatedMetrics } from '../engagement';
import type { LimitDefinitions } from '../limits';
import { HOUR_MS, overLimit, ownPost } from '../metrics';
import type { PlatformContext } from '../platform';
import { graphAccess, graphError, tokenRefused } from './api';
import { lifetimeInsights, requestedMetrics } from '../metaGraph';

/**
 * Threads' media insights (Threads Insights API), answering from the simulated engagement of what
 * the account published (../engagement.ts):
 *
 *   GET /{media-id}/insights?metric=views,likes,replies,reposts,quotes,shares   (threads_manage_insights)
 *
 * Meta counts calls against 4,800 × the account's impressions in 24 hours (at least 48,000); the
 * sandbox counts insights calls only, per hour (insightsCallsPerHour) → 400 code 4. Another
 * account's posts are not found, as on Threads.
 */

/** A Threads post's typical views: the ceiling of its simulated engagement. */
const typicalViews = 900;

const limits: LimitDefinitions = { insightsCallsPerHour: { default: 2000, description: 'media insights calls per account per rolling hour → 400 code 4' } };

function routes(context: PlatformContext): Route[] {
  const knownMetrics = ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares'];
  function insights(request: SandboxRequest): SandboxResponse {
    const access = graphAccess(context, request);
    if ('failure' in access) return tokenRefused(context, access);
    if (!access.token.scopes.includes('threads_manage_insights')) return graphError(10, '(#10) Application does not have permission for this action (threads_manage_insights)');
    const metricNames = requestedMetrics(request);
    const unknownMetric = metricNames.find((name) => !knownMetrics.includes(name));
    if (metricNames.length === 0 || unknownMetric) {
      return graphError(100, `(#100) metric[${Math.max(0, metricNames.indexOf(unknownMetric ?? ''))}] must be one of the following values: ${knownMetrics.join(', ')}`);
    }
    const id = request.params['id']!;
    const entry = ownPost(context, access.account.name, id);
    if (!entry) return graphError(100, `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 33);
    if (overLimit(context, `insights/${access.account.name}`, HOUR_MS, 'insightsCallsPerHour').over) {
      return graphError(4, 'Application request limit reached', undefined, { is_transient: true });
    }
    const metrics = simulatedMetrics(entry, context.now(), typicalViews);
    const values: Record<string, number> = {
      views: metrics.views,
      likes: metrics.likes,
      replies: metrics.comments,
      reposts: metrics.shares,
      quotes: Math.floor(metrics.shares / 3),
      shares: metrics.saves,
    };
    return lifetimeInsights(id, metricNames, values, 'post');
  }
  return [{ method: 'GET', hostKey: 'graph', path: '/{id}/insights', handle: insights }];
}

/** The metrics routes and their rate limit, beside the platform's own. */
export function threadsMetrics(context: PlatformContext): { routes: Route[]; limits: LimitDefinitions } {
  return { routes: routes(context), limits };
}
