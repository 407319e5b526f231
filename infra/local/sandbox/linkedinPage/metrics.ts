import { json, bearerToken, header, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { simulatedMetrics } from '../engagement';
import { utcDayStart, type LimitDefinitions } from '../limits';
import { ownPost } from '../metrics';
import { checkAccessToken, hasAnyScope } from '../oauth';
import type { PlatformContext } from '../platform';
import { accessTokenError, serviceError } from '../linkedinRest/api';
import type { LinkedinGrant } from '../linkedinRest/publishing';
import { linkedinOrganizationId } from './identity';

/**
 * An organization's share statistics, answering from the simulated engagement of what it published
 * (../engagement.ts), with its rate limit (docs/analytics.md):
 *
 *   GET /rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=<urn>
 *       &shares=List(<urn>,…)&ugcPosts=List(<urn>,…)    statisticsCallsPerDay (500) → 429, no headers
 *
 * rw_organization_admin and an ADMINISTRATOR role at the organization are needed (403 otherwise);
 * a post that is not the organization's is left out of the answer.
 */

const typicalViews = 900;

const limits: LimitDefinitions = { statisticsCallsPerDay: { default: 500, description: 'organizationalEntityShareStatistics calls per app per UTC day → 429 without headers' } };

/** The URNs of a Rest.li 2.0 list parameter, List(urn%3Ali%3Ashare%3A1,…) (decoded with the query; a share's URN holds no comma). */
function listed(value: string | null): string[] | undefined {
  if (value === null) return [];
  const match = /^List\((.*)\)$/.exec(value);
  return match ? match[1]!.split(',').filter(Boolean) : undefined;
}

export function linkedinPageMetrics(context: PlatformContext, administered: (granted: LinkedinGrant) => string[]): { routes: Route[]; limits: LimitDefinitions } {
  function statistics(request: SandboxRequest): SandboxResponse {
    if (!header(request, 'linkedin-version')) return serviceError(400, 100, 'VERSION_MISSING', 'A version must be present. Please specify a version by adding the LinkedIn-Version header.');
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return accessTokenError(access.failure);
    if (!hasAnyScope(access.token, ['rw_organization_admin'])) {
      return serviceError(403, 100, 'ACCESS_DENIED', 'Not enough permissions to access: organizationalEntityShareStatistics.FINDER-organizationalEntity');
    }
    const entity = request.query.get('organizationalEntity') ?? '';
    const shares = listed(request.query.get('shares'));
    const ugcPosts = listed(request.query.get('ugcPosts'));
    if (request.query.get('q') !== 'organizationalEntity' || !/^urn:li:organization:\d+$/.test(entity) || !shares || !ugcPosts) {
      return serviceError(400, 100, 'INVALID_PARAMS', 'q=organizationalEntity, an organizationalEntity URN and shares/ugcPosts as List(…) are required');
    }
    const account = administered(access).find((name) => `urn:li:organization:${linkedinOrganizationId(name)}` === entity);
    if (!account) return serviceError(403, 100, 'ACCESS_DENIED', `Not enough permissions to access the statistics of ${entity}.`);
    const now = context.now();
    const key = `statistics/${access.token.clientId}`;
    if (context.events.since(key, utcDayStart(now)).length >= context.limit('statisticsCallsPerDay')) {
      return serviceError(429, 0, 'TOO_MANY_REQUESTS', 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.');
    }
    context.events.record(key, now);
    const elements = [...shares.map((urn) => ({ kind: 'share', urn })), ...ugcPosts.map((urn) => ({ kind: 'ugcPost', urn }))].flatMap(({ kind, urn }) => {
      const entry = ownPost(context, account, urn);
      if (!entry) return [];
      const metrics = simulatedMetrics(entry, now, typicalViews);
      const clickCount = Math.floor(metrics.views * 0.02);
      return [
        {
          [kind]: urn,
          organizationalEntity: entity,
          totalShareStatistics: {
            impressionCount: metrics.views,
            uniqueImpressionsCount: metrics.reach,
            clickCount,
            likeCount: metrics.likes,
            commentCount: metrics.comments,
            shareCount: metrics.shares,
            engagement: metrics.views ? (clickCount + metrics.likes + metrics.comments + metrics.shares) / metrics.views : 0,
          },
        },
      ];
    });
    return json(200, { paging: { start: 0, count: elements.length, links: [] }, elements });
  }
  return { routes: [{ method: 'GET', hostKey: 'api', path: '/rest/organizationalEntityShareStatistics', handle: statistics }], limits };
}
