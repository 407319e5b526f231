import { json, bearerToken, isRecord, readJson, header, type Route, type SandboxRequest, type SandboxResponse } from './http';
import { simulatedMetrics } from './engagement';
import type { FeedEntry } from './feed';
import { graphAccess, graphError, tokenRefused } from './instagramApi';
import type { LimitDefinitions } from './limits';
import { accessTokenError, serviceError } from './linkedinApi';
import { checkAccessToken, hasAnyScope, type AccessCheck } from './oauth';
import type { PlatformContext } from './platform';
import { tiktokError, tiktokOk } from './tiktokApi';
import { invalidRequest, problem } from './xApi';

/**
 * The metrics endpoints of TikTok, Instagram, X and LinkedIn, in their wire formats, answering
 * from the simulated engagement of what the account published (engagement.ts). YouTube's
 * statistics come with videos.list (youtubePublishing.ts). Each has the platform's rate limit,
 * changeable with setLimit (docs/analytics.md):
 *
 *   TikTok     POST /v2/video/query/?fields=…  {filters:{video_ids}}   videoQueriesPerMinute (600) → 429 rate_limit_exceeded
 *   Instagram  GET  /{media-id}/insights?metric=…                     insightsCallsPerHour (200) → 400 code 17
 *   X          GET  /2/tweets?ids=…&tweet.fields=public_metrics       tweetLookupsPer15Minutes (900) → 429 + x-rate-limit-*
 *   LinkedIn   GET  /rest/memberCreatorPostAnalytics?q=entity&…       analyticsCallsPerDay (500) → 429, no headers
 *
 * Another account's posts are not found, as on the platforms.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function ownPost(context: PlatformContext, account: string, id: string): FeedEntry | undefined {
  return context.feed.list(context.platform, account).find((entry) => entry.id === id);
}

/** Counts the call against a rolling window; true when the limit was already reached. */
function overLimit(context: PlatformContext, key: string, windowMs: number, limitName: string): { over: boolean; resetAt: number } {
  const now = context.now();
  const calls = context.events.since(key, now - windowMs + 1);
  const resetAt = (calls[0] ?? now) + windowMs;
  if (calls.length >= context.limit(limitName)) return { over: true, resetAt };
  context.events.record(key, now);
  return { over: false, resetAt };
}

function tiktokRoutes(context: PlatformContext): Route[] {
  const knownFields = ['id', 'create_time', 'cover_image_url', 'share_url', 'video_description', 'duration', 'height', 'width', 'title', 'embed_html', 'embed_link', 'like_count', 'comment_count', 'share_count', 'view_count'];
  async function query(request: SandboxRequest): Promise<SandboxResponse> {
    const now = context.now();
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return tiktokError(now, 401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    if (!access.token.scopes.includes('video.list')) return tiktokError(now, 401, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request.');
    const fields = (request.query.get('fields') ?? '').split(',').map((field) => field.trim()).filter(Boolean);
    const unknownField = fields.find((field) => !knownFields.includes(field));
    if (fields.length === 0 || unknownField) return tiktokError(now, 400, 'invalid_params', `Invalid fields: ${unknownField ?? 'none given'}`);
    const body = await readJson(request);
    const ids = isRecord(body) && isRecord(body['filters']) ? body['filters']['video_ids'] : undefined;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20 || !ids.every((id) => typeof id === 'string')) {
      return tiktokError(now, 400, 'invalid_params', 'filters.video_ids must list 1 to 20 video ids.');
    }
    if (overLimit(context, `query/${access.account.name}`, MINUTE_MS, 'videoQueriesPerMinute').over) {
      return tiktokError(now, 429, 'rate_limit_exceeded', 'API rate limit was exceeded, please try again later.');
    }
    const videos = (ids as string[])
      .map((id) => ownPost(context, access.account.name, id))
      .filter((entry): entry is FeedEntry => entry !== undefined && entry.media.some((item) => item.contentType.startsWith('video/')))
      .map((entry) => {
        const metrics = simulatedMetrics(entry, now);
        const all: Record<string, unknown> = {
          id: entry.id,
          create_time: Math.floor(entry.createdAt / 1000),
          share_url: entry.url,
          video_description: entry.text,
          title: entry.title ?? entry.text.slice(0, 150),
          view_count: metrics.views,
          like_count: metrics.likes,
          comment_count: metrics.comments,
          share_count: metrics.shares,
        };
        return Object.fromEntries(fields.filter((field) => field in all).map((field) => [field, all[field]]));
      });
    return tiktokOk(now, { videos, cursor: 0, has_more: false });
  }
  return [{ method: 'POST', hostKey: 'open', path: '/v2/video/query/', handle: query }];
}

function instagramRoutes(context: PlatformContext): Route[] {
  const knownMetrics = ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions', 'follows', 'profile_visits', 'profile_activity'];
  function insights(request: SandboxRequest): SandboxResponse {
    const access = graphAccess(context, request);
    if ('failure' in access) return tokenRefused(context, access);
    if (!access.token.scopes.includes('instagram_business_manage_insights')) {
      return graphError(10, '(#10) Application does not have permission for this action');
    }
    const metricNames = (request.query.get('metric') ?? '').split(',').map((name) => name.trim()).filter(Boolean);
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
    const metrics = simulatedMetrics(entry, context.now());
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
    };
    return json(200, {
      data: metricNames.map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: values[name] }],
        title: name,
        description: `Lifetime ${name} of the media`,
        id: `${id}/insights/${name}/lifetime`,
      })),
    });
  }
  return [{ method: 'GET', hostKey: 'graph', path: '/{id}/insights', handle: insights }];
}

function xRoutes(context: PlatformContext): Route[] {
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
      const metrics = simulatedMetrics(entry, now);
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

function linkedinRoutes(context: PlatformContext): Route[] {
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
    if (context.events.since(key, Math.floor(now / DAY_MS) * DAY_MS).length >= context.limit('analyticsCallsPerDay')) {
      return serviceError(429, 0, 'TOO_MANY_REQUESTS', 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.');
    }
    context.events.record(key, now);
    const metrics = simulatedMetrics(entry, now);
    const counts: Record<string, number> = { IMPRESSION: metrics.views, MEMBERS_REACHED: metrics.reach, RESHARE: metrics.shares, REACTION: metrics.likes, COMMENT: metrics.comments };
    return json(200, { paging: { start: 0, count: 10, links: [] }, elements: [{ count: counts[queryType], metricType: { [metricKey]: queryType }, targetEntity: { [entity[1]!]: entity[2] } }] });
  }
  return [{ method: 'GET', hostKey: 'api', path: '/rest/memberCreatorPostAnalytics', handle: analytics }];
}

export const metricsLimits: Partial<Record<PlatformContext['platform'], LimitDefinitions>> = {
  tiktok: { videoQueriesPerMinute: { default: 600, description: '/v2/video/query/ calls per token per rolling minute → 429 rate_limit_exceeded' } },
  instagram: { insightsCallsPerHour: { default: 200, description: 'media insights calls per account per rolling hour → 400 code 17' } },
  x: { tweetLookupsPer15Minutes: { default: 900, description: 'GET /2/tweets calls per user per 15 minutes → 429 with x-rate-limit-reset' } },
  linkedin: { analyticsCallsPerDay: { default: 500, description: 'memberCreatorPostAnalytics calls per app per UTC day → 429 without headers' } },
};

/** The platform's metrics routes (none for YouTube: videos.list carries them). */
export function metricsRoutes(context: PlatformContext): Route[] {
  switch (context.platform) {
    case 'tiktok':
      return tiktokRoutes(context);
    case 'instagram':
      return instagramRoutes(context);
    case 'x':
      return xRoutes(context);
    case 'linkedin':
      return linkedinRoutes(context);
    case 'youtube':
      return [];
  }
}
