import { json, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { simulatedMetrics } from '../engagement';
import type { LimitDefinitions } from '../limits';
import { HOUR_MS, overLimit, ownPost } from '../metrics';
import type { PlatformContext } from '../platform';
import { graphAccess, graphError, tokenRefused } from './api';
import { lifetimeInsights, requestedMetrics } from '../metaGraph';

/**
 * Instagram's media insights, answering from the simulated engagement of what the account
 * published (../engagement.ts), with its rate limit (docs/analytics.md):
 *
 *   GET /{media-id}/insights?metric=…   insightsCallsPerHour (200) → 400 code 17
 *
 * Another account's media are not found, as on Instagram. A story has its own metrics (views,
 * reach, replies, shares, navigation, follows, profile_visits, profile_activity,
 * total_interactions); a feed metric asked of it (likes, comments, saved) is refused with code 100
 * as not supported for its media product type, and replies are not a feed post's. A story's
 * numbers are kept for 24 hours: after that the answer is an empty set.
 */

/** A story's insights are available for 24 hours after it is published (Instagram Media Insights reference, "Story media metrics"). */
const STORY_INSIGHTS_MS = 24 * HOUR_MS;

/** An Instagram post's typical views: the ceiling of its simulated engagement. */
const typicalViews = 1800;

const limits: LimitDefinitions = { insightsCallsPerHour: { default: 200, description: 'media insights calls per account per rolling hour → 400 code 17' } };

function routes(context: PlatformContext): Route[] {
  const knownMetrics = ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions', 'follows', 'profile_visits', 'profile_activity', 'replies', 'navigation'];
  const storyOnly = ['replies', 'navigation'];
  const notForStories = ['likes', 'comments', 'saved'];
  function insights(request: SandboxRequest): SandboxResponse {
    const access = graphAccess(context, request);
    if ('failure' in access) return tokenRefused(context, access);
    if (!access.token.scopes.includes('instagram_business_manage_insights')) {
      return graphError(10, '(#10) Application does not have permission for this action');
    }
    const metricNames = requestedMetrics(request);
    const unknownMetric = metricNames.find((name) => !knownMetrics.includes(name));
    if (metricNames.length === 0 || unknownMetric) {
      return graphError(100, `(#100) metric[${metricNames.indexOf(unknownMetric ?? '')}] must be one of the following values: ${knownMetrics.join(', ')}`);
    }
    const id = request.params['id']!;
    const entry = ownPost(context, access.account.name, id);
    if (!entry) return graphError(100, `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 33);
    if (overLimit(context, `insights/${access.account.name}`, HOUR_MS, 'insightsCallsPerHour').over) {
      return graphError(17, 'User request limit reached', undefined, { is_transient: true });
    }
    const story = entry.settings?.['productType'] === 'STORY';
    const unsupported = metricNames.find((name) => (story ? notForStories : storyOnly).includes(name));
    if (unsupported) return graphError(100, `(#100) The Media Insights API does not support the ${unsupported} metric for this media product type.`);
    if (story && context.now() - entry.createdAt >= STORY_INSIGHTS_MS) return json(200, { data: [] });
    const metrics = simulatedMetrics(entry, context.now(), typicalViews);
    const values: Record<string, number> = {
      views: metrics.views,
      reach: metrics.reach,
      likes: metrics.likes,
      comments: metrics.comments,
      shares: metrics.shares,
      saved: metrics.saves,
      total_interactions: metrics.likes + metrics.comments + metrics.shares + metrics.saves,
      follows: Math.floor(metrics.views / 400),
      profile_visits: Math.floor(metrics.views / 60),
      profile_activity: Math.floor(metrics.views / 120),
      replies: metrics.comments,
      navigation: Math.floor(metrics.views / 3),
    };
    return lifetimeInsights(id, metricNames, values, 'media');
  }
  return [{ method: 'GET', hostKey: 'graph', path: '/{id}/insights', handle: insights }];
}

/** The metrics routes and their rate limit, beside the platform's own. */
export function instagramMetrics(context: PlatformContext): { routes: Route[]; limits: LimitDefinitions } {
  return { routes: routes(context), limits };
}
