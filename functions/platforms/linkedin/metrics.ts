import type { PostMetrics } from '../adapter';
import type { MetricsReaderFactory } from '../module';
import type { LinkedinOptions } from './options';
import { withQuery } from '../http';
import { classifyLinkedinError } from '../linkedinRest/errors';

/**
 * LinkedIn: GET /rest/memberCreatorPostAnalytics?q=entity&entity=(share:<urn>)&queryType=<metric>
 * &aggregation=TOTAL, one metric per call, permission r_member_postAnalytics
 * (docs/analytics.md §LinkedIn). That permission comes only with LinkedIn's Community
 * Management API, which apps using "Share on LinkedIn" do not have; we do not ask for it, so a
 * member connection shows "not available" unless the app was approved and the grant has it.
 */
export const linkedinAnalyticsScope = 'r_member_postAnalytics';
const queryTypes: Array<[string, keyof PostMetrics]> = [
  ['IMPRESSION', 'views'],
  ['REACTION', 'likes'],
  ['COMMENT', 'comments'],
  ['RESHARE', 'shares'],
];

/** `(share:urn%3Ali%3Ashare%3A1)`: Rest.li's entity union, the URN encoded inside it. */
export function linkedinEntity(urn: string): string {
  const kind = urn.startsWith('urn:li:ugcPost:') ? 'ugc' : 'share';
  return `(${kind}:${encodeURIComponent(urn)})`;
}

export const createLinkedinMetricsReader: MetricsReaderFactory<LinkedinOptions> = ({ hosts, http, clock, options }) => ({
  platform: 'linkedin',
  batchSize: 1,
  callsPerRun: 40,
  appWideLimit: true,
  availability: (tokens) =>
    tokens.scopes.includes(linkedinAnalyticsScope)
      ? { available: true }
      : { available: false, reason: 'LinkedIn shares post statistics only with apps approved for its Community Management API.' },
  async read(tokens, ids) {
    const result: Record<string, PostMetrics> = {};
    for (const urn of ids) {
      const metrics: PostMetrics = {};
      for (const [queryType, key] of queryTypes) {
        // The entity goes in as is: withQuery would encode its parentheses and colon again.
        const url = `${withQuery(`${hosts['api']}/rest/memberCreatorPostAnalytics`, { q: 'entity' })}&entity=${linkedinEntity(urn)}&queryType=${queryType}&aggregation=TOTAL`;
        const response = await http({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${tokens.accessToken}`, 'linkedin-version': options.version, 'x-restli-protocol-version': '2.0.0' },
        });
        if (response.status === 404) break;
        if (response.status < 200 || response.status >= 300) throw classifyLinkedinError(response, clock.now());
        const element = (response.body as { elements?: Array<{ count?: unknown }> } | undefined)?.elements?.[0];
        if (typeof element?.count === 'number' && element.count >= 0) metrics[key] = element.count;
      }
      if (Object.keys(metrics).length > 0) result[urn] = metrics;
    }
    return result;
  },
});
