import { bearerToken, isRecord, readJson, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { simulatedMetrics } from '../engagement';
import type { FeedEntry } from '../feed';
import type { LimitDefinitions } from '../limits';
import { MINUTE_MS, overLimit, ownPost } from '../metrics';
import { checkAccessToken } from '../oauth';
import type { PlatformContext } from '../platform';
import { tiktokError, tiktokOk } from './api';

/**
 * TikTok's metrics endpoint, answering from the simulated engagement of what the account
 * published (../engagement.ts), with its rate limit (docs/analytics.md):
 *
 *   POST /v2/video/query/?fields=…  {filters:{video_ids}}   videoQueriesPerMinute (600) → 429 rate_limit_exceeded
 *
 * Another account's videos are not found, as on TikTok.
 */

/** A TikTok post's typical views: the ceiling of its simulated engagement. */
const typicalViews = 6000;

const limits: LimitDefinitions = { videoQueriesPerMinute: { default: 600, description: '/v2/video/query/ calls per token per rolling minute → 429 rate_limit_exceeded' } };

function routes(context: PlatformContext): Route[] {
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
        const metrics = simulatedMetrics(entry, now, typicalViews);
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

/** The metrics routes and their rate limit, beside the platform's own. */
export function tiktokMetrics(context: PlatformContext): { routes: Route[]; limits: LimitDefinitions } {
  return { routes: routes(context), limits };
}
