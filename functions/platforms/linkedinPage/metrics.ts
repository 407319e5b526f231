import type { PostMetrics } from '../adapter';
import type { MetricsReaderFactory } from '../module';
import { withQuery } from '../http';
import { isOk } from '../steps';
import { classifyLinkedinError } from '../linkedinRest/errors';
import type { LinkedinOptions } from '../linkedinRest/options';
import { ORGANIZATION, organizationUrn, ROLE, STATISTICS_ROLE } from './organizations';

/**
 * A LinkedIn Page's post statistics: GET /rest/organizationalEntityShareStatistics
 * ?q=organizationalEntity&organizationalEntity=<organization URN>&shares=List(…)&ugcPosts=List(…),
 * lifetime totals (no timeIntervals) of organic activity over a rolling 12 months, with
 * rw_organization_admin for an ADMINISTRATOR of the organization (docs/analytics.md). Each element's
 * totalShareStatistics: impressionCount → views, likeCount → likes, commentCount → comments,
 * shareCount → shares (clickCount and engagement have no place in our metrics).
 */
export const linkedinPageStatisticsScope = 'rw_organization_admin';

interface ShareStatistics {
  share?: string;
  ugcPost?: string;
  totalShareStatistics?: { impressionCount?: unknown; likeCount?: unknown; commentCount?: unknown; shareCount?: unknown };
}

const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);

export const createLinkedinPageMetricsReader: MetricsReaderFactory<LinkedinOptions> = ({ hosts, http, clock, options }) => ({
  platform: 'linkedinPage',
  batchSize: 20,
  callsPerRun: 40,
  appWideLimit: true,
  availability: (tokens) =>
    tokens.scopes.includes(linkedinPageStatisticsScope) && tokens.platformData?.[ROLE] === STATISTICS_ROLE
      ? { available: true }
      : { available: false, reason: "LinkedIn shares a Page's post statistics only with its administrators, and the member who connected this Page is not one." },
  async read(tokens, ids) {
    const organization = tokens.platformData?.[ORGANIZATION];
    if (!organization || ids.length === 0) return {};
    // Rest.li 2.0 lists: List(…) of URL-encoded URNs, written as is (withQuery would encode the parentheses).
    const list = (urns: readonly string[]) => `List(${urns.map(encodeURIComponent).join(',')})`;
    const shares = ids.filter((id) => id.startsWith('urn:li:share:'));
    const ugcPosts = ids.filter((id) => id.startsWith('urn:li:ugcPost:'));
    const url = `${withQuery(`${hosts['api']}/rest/organizationalEntityShareStatistics`, { q: 'organizationalEntity', organizationalEntity: organizationUrn(organization) })}${shares.length ? `&shares=${list(shares)}` : ''}${ugcPosts.length ? `&ugcPosts=${list(ugcPosts)}` : ''}`;
    const response = await http({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.accessToken}`, 'linkedin-version': options.version, 'x-restli-protocol-version': '2.0.0' } });
    if (!isOk(response)) throw classifyLinkedinError(response, clock.now());
    const elements = (response.body as { elements?: ShareStatistics[] } | undefined)?.elements ?? [];
    const result: Record<string, PostMetrics> = {};
    for (const element of elements) {
      const id = element.share ?? element.ugcPost;
      const totals = element.totalShareStatistics;
      if (!id || !ids.includes(id) || !totals) continue;
      const metrics: PostMetrics = {};
      const views = count(totals.impressionCount);
      const likes = count(totals.likeCount);
      const comments = count(totals.commentCount);
      const shared = count(totals.shareCount);
      if (views !== undefined) metrics.views = views;
      if (likes !== undefined) metrics.likes = likes;
      if (comments !== undefined) metrics.comments = comments;
      if (shared !== undefined) metrics.shares = shared;
      if (Object.keys(metrics).length > 0) result[id] = metrics;
    }
    return result;
  },
});
