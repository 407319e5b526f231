import { json, bearerToken, header, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { simulatedMetrics } from '../engagement';
import { utcDayStart, type LimitDefinitions } from '../limits';
import { ownPost } from '../metrics';
import { checkAccessToken, hasAnyScope } from '../oauth';
import type { PlatformContext } from '../platform';
import { accessTokenError, serviceError } from './api';

/**
 * LinkedIn's member post analytics, answering from the simulated engagement of what the member
 * published (../engagement.ts), with its rate limit (docs/analytics.md):
 *
 *   GET /rest/memberCreatorPostAnalytics?q=entity&…   analyticsCallsPerDay (500) → 429, no headers
 *
 * Another member's posts are not found, as on LinkedIn.
 */

/** A LinkedIn post's typical views: the ceiling of its simulated engagement. */
const typicalViews = 700;

const limits: LimitDefinitions = { analyticsCallsPerDay: { default: 500, description: 'memberCreatorPostAnalytics calls per app per UTC day → 429 without headers' } };

function routes(context: PlatformContext): Route[] {
  const metricKey = 'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1';
  function analytics(request: SandboxRequest): SandboxResponse {
    const version = header(request, 'linkedin-version');
    if (!version) return serviceError(400, 100, 'VERSION_MISSING', 'A version must be present. Please specify a version by adding the LinkedIn-Version header.');
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return accessTokenError(access.failure);
    if (!hasAnyScope(access.token, ['r_member_postAnalytics'])) {
      return serviceError(403, 100, 'ACCESS_DENIED', 'Not enough permissions to access: memberCreatorPostAnalytics.FINDER-entity.20240501');
    }
    if (request.query.get('q') !== 'entity') return serviceError(400, 100, 'INVALID_PARAMS', 'q must be entity (the sandbox serves the entity finder)');
    const entity = /^\((share|ugc):(urn:li:(?:share|ugcPost):\d+)\)$/.exec(request.query.get('entity') ?? '');
    const queryType = request.query.get('queryType') ?? '';
    if (!entity || !['IMPRESSION', 'MEMBERS_REACHED', 'RESHARE', 'REACTION', 'COMMENT'].includes(queryType) || request.query.get('aggregation') !== 'TOTAL') {
      return serviceError(400, 100, 'INVALID_PARAMS', 'entity, queryType (IMPRESSION, MEMBERS_REACHED, RESHARE, REACTION, COMMENT) and aggregation=TOTAL are required');
    }
    const entry = ownPost(context, access.account.name, entity[2]!);
    if (!entry) return serviceError(404, 100, 'NOT_FOUND', `Not found: ${entity[2]}`);
    const now = context.now();
    const key = `analytics/${access.token.clientId}`;
    if (context.events.since(key, utcDayStart(now)).length >= context.limit('analyticsCallsPerDay')) {
      return serviceError(429, 0, 'TOO_MANY_REQUESTS', 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.');
    }
    context.events.record(key, now);
    const metrics = simulatedMetrics(entry, now, typicalViews);
    const counts: Record<string, number> = { IMPRESSION: metrics.views, MEMBERS_REACHED: metrics.reach, RESHARE: metrics.shares, REACTION: metrics.likes, COMMENT: metrics.comments };
    return json(200, { paging: { start: 0, count: 10, links: [] }, elements: [{ count: counts[queryType], metricType: { [metricKey]: queryType }, targetEntity: { [entity[1]!]: entity[2] } }] });
  }
  return [{ method: 'GET', hostKey: 'api', path: '/rest/memberCreatorPostAnalytics', handle: analytics }];
}

/** The metrics routes and their rate limit, beside the platform's own. */
export function linkedinMetrics(context: PlatformContext): { routes: Route[]; limits: LimitDefinitions } {
  return { routes: routes(context), limits };
}
