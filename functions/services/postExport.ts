import { stringify } from 'csv-stringify/sync';
import type { ExportPostsQuery, PostExport } from '../../shared/api/imports';
import { capabilities } from '../../shared/platforms';
import type { Clock } from '../clock';
import { InvalidInput } from '../errors';
import type { MetricsStore } from './metricsStore';
import { listPlacement, type PostItem, type PostStore } from './postStore';
import type { UserIdentity } from './memberships';

export interface PostExportDeps {
  posts: Pick<PostStore, 'page'>;
  metrics: Pick<MetricsStore, 'targets'>;
  clock: Clock;
}

/** At most this many posts in one export; a bigger one is asked for by date range. */
export const MAX_EXPORTED_POSTS = 5_000;

/** The export's columns, in order (docs/csv.md): one row per post and account. */
export const exportColumns = [
  'post_id',
  'list',
  'post_status',
  'time',
  'time_zone',
  'text',
  'title',
  'first_comment',
  'accounts',
  'platform',
  'account',
  'target_status',
  'link',
  'error',
  'views',
  'likes',
  'comments',
  'shares',
  'saves',
  'numbers_read_at',
] as const;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some
 * read past) as a formula: such a text cell gets a leading apostrophe, so it shows as the text
 * it is (OWASP's CSV injection advice). Numbers stay numbers.
 */
export function neutralizedCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

type Cell = string | number | null;

/** The rows as CSV with csv-stringify: every text cell neutralized, quoted where it must be, CRLF lines, a byte order mark for spreadsheets. */
export function exportCsv(rows: ReadonlyArray<Record<(typeof exportColumns)[number], Cell>>): string {
  return stringify(rows as Array<Record<string, Cell>>, {
    bom: true,
    header: true,
    columns: [...exportColumns],
    record_delimiter: 'windows',
    cast: { string: (value) => neutralizedCell(value) },
  });
}

/** When a post sits in its list (scheduled time, publishing time, last save), as the lists sort it. */
const listTime = (post: PostItem) => listPlacement(post).listAt;

/** CSV export of the lists (docs/csv.md): the posts a list and filter show, with each target's latest numbers. */
export function createPostExport({ posts, metrics, clock }: PostExportDeps) {
  return {
    async posts(user: UserIdentity, query: ExportPostsQuery): Promise<PostExport> {
      const from = query.from ? `${query.from}T00:00:00.000Z` : undefined;
      const to = query.to ? `${query.to}T23:59:59.999Z` : undefined;
      const chosen: PostItem[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await posts.page(user.userId, query.status, { limit: 100, ...(query.platform ? { platform: query.platform } : {}), ...(startKey ? { startKey } : {}) });
        for (const post of page.posts) {
          const at = listTime(post);
          if ((!from || at >= from) && (!to || at <= to)) chosen.push(post);
        }
        if (chosen.length > MAX_EXPORTED_POSTS) {
          throw new InvalidInput(`More than ${MAX_EXPORTED_POSTS} posts match: choose a shorter date range and export it in parts.`);
        }
        startKey = page.nextKey;
      } while (startKey);

      const tracked = new Map((await metrics.targets(user.userId)).map((target) => [`${target.postId}#${target.targetId}`, target]));
      const rows = chosen.flatMap((post) => {
        const targets = Object.values(post.targets).filter((target) => !query.platform || target.platform === query.platform);
        const accounts = Object.values(post.targets)
          .map((target) => `${capabilities[target.platform].name}: ${target.accountName}`)
          .join(' | ');
        return targets.map((target) => {
          const numbers = tracked.get(`${post.postId}#${target.targetId}`);
          return {
            post_id: post.postId,
            list: query.status,
            post_status: post.status,
            time: post.scheduledFor ?? post.publishedAt ?? null,
            time_zone: post.timeZone ?? null,
            text: post.description,
            title: post.title ?? null,
            first_comment: post.firstComment ?? null,
            accounts,
            platform: capabilities[target.platform].name,
            account: target.accountName,
            target_status: target.status,
            link: target.postUrl ?? null,
            error: target.error ?? null,
            views: numbers?.metrics?.views ?? null,
            likes: numbers?.metrics?.likes ?? null,
            comments: numbers?.metrics?.comments ?? null,
            shares: numbers?.metrics?.shares ?? null,
            saves: numbers?.metrics?.saves ?? null,
            numbers_read_at: numbers?.lastRefreshedAt ?? null,
          };
        });
      });
      const day = clock.now().toISOString().slice(0, 10);
      return { fileName: `oneclick-${query.status}${query.platform ? `-${query.platform}` : ''}-${day}.csv`, csv: exportCsv(rows), rows: rows.length };
    },
  };
}

export type PostExportService = ReturnType<typeof createPostExport>;
