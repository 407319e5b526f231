import { platforms, platformsInDisplayOrder, type Platform } from '../platforms';
import { importExamples } from '../platforms/importExamples';

/**
 * The columns of a posts CSV (docs/csv.md): the one list the template is written from, the parser
 * reads headers by, and the dry run names in its report. Column names are lower case; a file's
 * header may use any case and spaces for underscores.
 */
export interface ImportColumn {
  readonly name: string;
  /** What the column holds, in the template's second line and docs/csv.md. */
  readonly help: string;
  /** The template's example row. */
  readonly example: string;
}

/** The network's own text column: `text_<platform>` (empty: the `text` column is used). */
export const networkTextColumn = (platform: Platform) => `text_${platform.toLowerCase()}`;

/** A cell holding several values separates them with this (accounts, media). */
export const LIST_SEPARATOR = '|';
/** The time cell's word for "the accounts' next free queue slots" (docs/queue.md). */
export const QUEUE_WORD = 'queue';

export const importColumns: readonly ImportColumn[] = [
  { name: 'text', help: 'The post\'s description (required to schedule; a draft may be empty).', example: 'Our new collection is out today.' },
  ...platformsInDisplayOrder.map((platform) => ({
    name: networkTextColumn(platform),
    help: `The ${platform} text instead of the description (empty: the description).`,
    example: '',
  })),
  { name: 'title', help: 'The title, on the networks that take one (YouTube requires it).', example: '' },
  { name: 'first_comment', help: 'Posted under the post on the networks that take a first comment.', example: 'Link in bio.' },
  {
    name: 'media',
    help: `Files separated by ${LIST_SEPARATOR}: the name of a file chosen in the import dialog, a My Content item's id or file name, or an https URL your browser downloads.`,
    example: 'photo.jpg',
  },
  {
    name: 'accounts',
    help: `Accounts separated by ${LIST_SEPARATOR}, each platform:account (the account's name, @handle or id), e.g. ${importExamples.accounts.join(` ${LIST_SEPARATOR} `)}.`,
    example: importExamples.account,
  },
  { name: 'options', help: `Each network's post options as JSON, e.g. ${importExamples.options} (empty: the defaults).`, example: '' },
  {
    name: 'time',
    help: `When to publish: an ISO time with its offset (2026-12-01T09:00:00+03:00), a local time in the workspace's time zone (2026-12-01 09:00), ${QUEUE_WORD} for the next free queue slot, or empty for a draft.`,
    example: '2026-12-01 09:00',
  },
];

export const importColumnNames = importColumns.map((column) => column.name);
export type ImportColumnName = string;

/** A header cell as the parser reads it: lower case, trimmed, spaces and dashes as underscores. */
export function normalizedHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/**
 * Where a createPost/saveDraft schema issue belongs in the file: its path (description,
 * texts.x, targets.0.options…) as the column a person edits to fix it.
 */
const textPaths = new Set(['texts', 'threads']);

export function columnOfPath(path: ReadonlyArray<PropertyKey>): ImportColumnName {
  const [head, second, third, fourth] = path.map(String);
  if (head === 'description') return 'text';
  if (textPaths.has(head ?? '')) return second && (platforms as readonly string[]).includes(second) ? networkTextColumn(second as Platform) : 'text';
  if (head === 'title') return 'title';
  if (head === 'firstComment') return 'first_comment';
  if (head === 'media') return 'media';
  if (head === 'targets') return third === 'options' || fourth !== undefined ? 'options' : 'accounts';
  if (head === 'scheduledFor' || head === 'timeZone' || head === 'youtubeNative' || head === 'queue') return 'time';
  return 'text';
}
