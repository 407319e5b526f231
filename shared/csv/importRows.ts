import { isPlatform, platformNames, platforms, type Platform } from '../platforms';
import { importExamples } from '../platforms/importExamples';
import { wallTimeToInstant } from '../scheduling';
import { LIST_SEPARATOR, networkTextColumn, QUEUE_WORD } from './importColumns';
import type { ImportRowInput } from '../api/imports';
import type { ImportRow, ParsedImport, RowProblem } from './parseImport';

/** A connected account as the import matches it: by platform, then by id, @handle or name. */
export interface ImportAccount {
  platform: Platform;
  accountId: string;
  username: string | null;
  displayName: string;
}

/** When a row publishes: at a time, at the queue's next free slots, or never (a draft). */
export type RowTiming = { kind: 'scheduled'; scheduledFor: string; timeZone: string } | { kind: 'queue' } | { kind: 'draft' };

/** A row read against the workspace's accounts and time zone: the post's fields, its files still as references. */
export interface ReadRow {
  line: number;
  timing: RowTiming;
  /** What the row asks for as createPost's body fields, without media (resolved by the caller from `mediaReferences`). */
  fields: {
    description: string;
    texts?: Partial<Record<Platform, string>>;
    title?: string;
    firstComment?: string;
    targets: Array<{ platform: Platform; accountId: string; options?: Record<string, unknown> }>;
  };
  mediaReferences: string[];
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/i;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;

const listOf = (cell: string | undefined) =>
  (cell ?? '')
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);

function readTime(cell: string, timeZone: string, allowQueue: boolean): RowTiming | string {
  const value = cell.trim();
  if (!value) return { kind: 'draft' };
  if (value.toLowerCase() === QUEUE_WORD) return allowQueue ? { kind: 'queue' } : 'The queue is not available yet: give a time, or leave the cell empty for a draft.';
  if (ISO_WITH_ZONE.test(value)) {
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) return `"${value}" is not a real date and time.`;
    return { kind: 'scheduled', scheduledFor: at.toISOString(), timeZone };
  }
  const local = LOCAL_TIME.exec(value);
  if (local) {
    const [, year, month, day, hours, minutes] = local.map(Number) as [number, number, number, number, number, number];
    const probe = new Date(Date.UTC(year, month - 1, day, hours, minutes));
    if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day || hours > 23 || minutes > 59) return `"${value}" is not a real date and time.`;
    const at = wallTimeToInstant({ date: value.slice(0, 10), time: value.slice(11, 16) }, timeZone);
    return { kind: 'scheduled', scheduledFor: at.toISOString(), timeZone };
  }
  return `"${value}" is not a time: write 2026-12-01 09:00 (${timeZone}), an ISO time with its offset such as 2026-12-01T09:00:00+03:00, ${QUEUE_WORD}, or leave it empty for a draft.`;
}

function readAccounts(cell: string, accounts: readonly ImportAccount[]): ReadRow['fields']['targets'] | string {
  const targets: ReadRow['fields']['targets'] = [];
  for (const entry of listOf(cell)) {
    const colon = entry.indexOf(':');
    const platform = colon > 0 ? entry.slice(0, colon).trim().toLowerCase() : '';
    const name = entry.slice(colon + 1).trim();
    const known = platforms.find((id) => id.toLowerCase() === platform);
    if (!known || !isPlatform(known)) return `"${entry}" does not say its network: write platform:account, e.g. x:@oneclick (networks: ${platforms.join(', ')}).`;
    const wanted = name.replace(/^@/, '').toLowerCase();
    const account = accounts.find(
      (candidate) =>
        candidate.platform === known &&
        [candidate.accountId, candidate.username ?? '', candidate.displayName].some((label) => label.replace(/^@/, '').toLowerCase() === wanted),
    );
    if (!account) return `No connected ${platformNames[known]} account is called "${name}" in this workspace.`;
    targets.push({ platform: known, accountId: account.accountId });
  }
  return targets.length ? targets : 'Name at least one account, e.g. x:@oneclick.';
}

function readOptions(cell: string, targets: ReadRow['fields']['targets']): string | undefined {
  const value = cell.trim();
  if (!value) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return `The options are not JSON: write them as ${importExamples.options}.`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return `The options must be a JSON object with a key per network, e.g. ${importExamples.options}.`;
  for (const [platform, options] of Object.entries(parsed)) {
    const matching = targets.filter((target) => target.platform === platform);
    if (!matching.length) return `There are options for "${platform}" but no ${isPlatform(platform) ? platformNames[platform] : platform} account in the accounts column.`;
    if (typeof options !== 'object' || options === null || Array.isArray(options)) return `The ${platformNames[platform as Platform]} options must be a JSON object.`;
    for (const target of matching) target.options = options as Record<string, unknown>;
  }
  return undefined;
}

/**
 * One row as a post: its text columns, accounts (matched to the workspace's connected accounts),
 * options and time (in the workspace's zone when it has none), or the problems that keep it from
 * being one, each at its column. The post's own rules (lengths, titles, media) are checked by the
 * server with the createPost schema (the dry run).
 */
export function readImportRow(row: ImportRow, context: { accounts: readonly ImportAccount[]; timeZone: string; queue: boolean }): ReadRow | RowProblem[] {
  const { cells, line } = row;
  const problems: RowProblem[] = [];
  const timing = readTime(cells['time'] ?? '', context.timeZone, context.queue);
  if (typeof timing === 'string') problems.push({ line, column: 'time', message: timing });
  const targets = readAccounts(cells['accounts'] ?? '', context.accounts);
  if (typeof targets === 'string') problems.push({ line, column: 'accounts', message: targets });
  const optionsProblem = typeof targets === 'string' ? undefined : readOptions(cells['options'] ?? '', targets);
  if (optionsProblem) problems.push({ line, column: 'options', message: optionsProblem });
  if (problems.length || typeof timing === 'string' || typeof targets === 'string') return problems;

  const texts = Object.fromEntries(platforms.flatMap((platform) => (cells[networkTextColumn(platform)]?.trim() ? [[platform, cells[networkTextColumn(platform)]!]] : [])));
  const title = cells['title']?.trim();
  const firstComment = cells['first_comment']?.trim();
  return {
    line,
    timing,
    fields: {
      description: cells['text'] ?? '',
      ...(Object.keys(texts).length ? { texts } : {}),
      ...(title ? { title } : {}),
      ...(firstComment ? { firstComment } : {}),
      targets,
    },
    mediaReferences: listOf(cells['media']),
  };
}

/** SHA-256 in hex with Web Crypto (the browser's and Node's alike). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A file reference resolved to an upload's key, or why it could not be (in words). */
export type ResolvedMedia = { key: string } | { problem: string };

/** What an import sends: the file's identity, the rows ready for POST /imports, and the rows refused before sending. */
export interface PreparedImport {
  fileId: string;
  rows: ImportRowInput[];
  problems: RowProblem[];
  /** How many data rows the file has (sent and refused). */
  total: number;
}

/**
 * A parsed file made ready to send: each row read (readImportRow) and its media references
 * resolved by `resolveMedia` (the browser uploads chosen files and downloads URLs; each
 * reference is resolved once for the whole file). A row that cannot be read is refused here, at
 * its line and column; the rest go to the server, which checks them with the createPost schema.
 */
export async function prepareImport(
  text: string,
  parsed: ParsedImport,
  context: { accounts: readonly ImportAccount[]; timeZone: string; queue: boolean },
  resolveMedia: (reference: string) => Promise<ResolvedMedia>,
): Promise<PreparedImport> {
  const problems: RowProblem[] = [...parsed.problems];
  const rows: ImportRowInput[] = [];
  const resolved = new Map<string, Promise<ResolvedMedia>>();
  const resolveOnce = (reference: string) => {
    if (!resolved.has(reference)) resolved.set(reference, resolveMedia(reference));
    return resolved.get(reference)!;
  };
  for (const row of parsed.rows) {
    const read = readImportRow(row, context);
    if (Array.isArray(read)) {
      problems.push(...read);
      continue;
    }
    const media: Array<{ key: string }> = [];
    const mediaProblems: string[] = [];
    for (const reference of read.mediaReferences) {
      const outcome = await resolveOnce(reference);
      if ('key' in outcome) media.push({ key: outcome.key });
      else mediaProblems.push(outcome.problem);
    }
    if (mediaProblems.length) {
      problems.push(...mediaProblems.map((message) => ({ line: row.line, column: 'media', message })));
      continue;
    }
    const post =
      read.timing.kind === 'scheduled'
        ? { ...read.fields, media, scheduledFor: read.timing.scheduledFor, timeZone: read.timing.timeZone }
        : read.timing.kind === 'queue'
          ? { ...read.fields, media, queue: {}, timeZone: context.timeZone }
          : { ...read.fields, media };
    rows.push({ line: row.line, rowHash: await sha256Hex(JSON.stringify(row.cells)), timing: read.timing.kind, post });
  }
  problems.sort((a, b) => a.line - b.line);
  return { fileId: await sha256Hex(text), rows, problems, total: parsed.rows.length + parsed.problems.filter((problem) => problem.line > 1).length };
}
