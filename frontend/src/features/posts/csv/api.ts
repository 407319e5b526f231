import type { ContentItem } from '../../../../../shared/api/content';
import { IMPORT_BATCH_ROWS, type ExportPostsQuery, type RowOutcome } from '../../../../../shared/api/imports';
import type { ImportAccount, PreparedImport, ResolvedMedia } from '../../../../../shared/csv/importRows';
import type { ApiCall } from '../../../lib/apiClient';
import { uploadFile } from '../wizard/api/uploadFile';

/** The workspace's connected accounts, as the import matches a row's accounts column. */
export async function importAccounts(api: ApiCall): Promise<ImportAccount[]> {
  const { connections } = await api('listConnections');
  return connections.map((connection) => ({ platform: connection.platform, accountId: connection.platformUserId, username: connection.username, displayName: connection.displayName }));
}

/** Every My Content item (id and file name), read once per check: a row's media may name one. */
async function allContent(api: ApiCall): Promise<ContentItem[]> {
  const items: ContentItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await api('listContent', { query: { limit: 50, ...(cursor ? { cursor } : {}) } });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

export interface MediaWords {
  notHttps: (reference: string) => string;
  downloadFailed: (reference: string) => string;
  notFound: (reference: string) => string;
  uploadFailed: (reference: string, message: string) => string;
}

/** A downloaded file named after the link's last path segment (the extension decides its kind). */
async function download(url: string, name: string): Promise<File | undefined> {
  try {
    const response = await fetch(url);
    if (!response.ok) return undefined;
    const blob = await response.blob();
    return new File([blob], name, { type: blob.type });
  } catch {
    return undefined;
  }
}

/**
 * How the import dialog turns a row's media reference into an upload: a file chosen in the
 * dialog (by name), an https link the browser downloads, or a My Content item (by id or file
 * name) fetched through its link — each then uploaded like a file chosen in the wizard. The
 * server never fetches a link.
 */
export function mediaResolver(api: ApiCall, chosen: readonly File[], words: MediaWords, signal: AbortSignal) {
  let content: Promise<ContentItem[]> | undefined;
  const upload = async (reference: string, file: File): Promise<ResolvedMedia> => {
    try {
      const uploaded = await uploadFile(api, file, { onProgress: () => undefined, signal });
      return { key: uploaded.key };
    } catch (error) {
      return { problem: words.uploadFailed(reference, (error as Error).message) };
    }
  };
  return async (reference: string): Promise<ResolvedMedia> => {
    const file = chosen.find((candidate) => candidate.name === reference);
    if (file) return upload(reference, file);
    if (/^[a-z]+:\/\//i.test(reference)) {
      if (!reference.toLowerCase().startsWith('https://')) return { problem: words.notHttps(reference) };
      const name = decodeURIComponent(new URL(reference).pathname.split('/').pop() || 'download');
      const downloaded = await download(reference, name);
      return downloaded ? upload(reference, downloaded) : { problem: words.downloadFailed(reference) };
    }
    content ??= allContent(api);
    const item = (await content).find((candidate) => candidate.contentId === reference || candidate.fileName === reference);
    if (!item) return { problem: words.notFound(reference) };
    const downloaded = await download(item.shareUrl ?? item.url, item.fileName);
    return downloaded ? upload(reference, downloaded) : { problem: words.downloadFailed(item.fileName) };
  };
}

/**
 * Sends the prepared rows to POST /imports in batches of IMPORT_BATCH_ROWS, one batch after
 * another, reporting progress; every row comes back with its outcome.
 */
export async function sendRows(api: ApiCall, prepared: PreparedImport, dryRun: boolean, onProgress: (done: number) => void): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  for (let start = 0; start < prepared.rows.length; start += IMPORT_BATCH_ROWS) {
    const { rows } = await api('importPosts', { body: { fileId: prepared.fileId, dryRun, rows: prepared.rows.slice(start, start + IMPORT_BATCH_ROWS) } });
    outcomes.push(...rows);
    onProgress(outcomes.length);
  }
  return outcomes;
}

/** Saves text as a file the browser downloads. */
export function saveFile(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /exports/posts for the list's filter, saved as the CSV file. */
export async function exportPosts(api: ApiCall, query: Partial<ExportPostsQuery>): Promise<number> {
  const exported = await api('exportPosts', { query: query as ExportPostsQuery });
  saveFile(exported.fileName, exported.csv);
  return exported.rows;
}
