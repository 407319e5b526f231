import type { ContentItem } from '../../../../shared/api/content';
import { moduleIds, type ModuleId } from '../../../../shared/api/modules';

/**
 * The local-storage key the post wizard reads on load (the spec's sharedContentUrl): it fetches
 * the URL as a file and uploads it like a chosen one, into the media bucket under the user's prefix.
 */
export const SHARED_CONTENT_KEY = 'sharedContentUrl';
/**
 * Beside it, the name the wizard gives the file (without its extension, which follows the file's
 * type): the content's module, type and date, never the storage key in the URL.
 */
export const SHARED_CONTENT_NAME_KEY = 'sharedContentName';

export function storeSharedContent(url: string, name?: string): void {
  localStorage.setItem(SHARED_CONTENT_KEY, url);
  if (name) localStorage.setItem(SHARED_CONTENT_NAME_KEY, name);
  else localStorage.removeItem(SHARED_CONTENT_NAME_KEY);
}

const isModuleId = (value: string): value is ModuleId => (moduleIds as readonly string[]).includes(value);

/**
 * A name people recognise a shared file by, e.g. "AutoToon video – 24 Nov 2026": the module that
 * made it (when it is one we know), the content's type, and the day it was made in the user's
 * language. Characters a file name cannot hold are left out.
 */
export function sharedContentName(
  item: Pick<ContentItem, 'module' | 'type' | 'createdAt'>,
  words: { module: (id: ModuleId) => string; type: (type: ContentItem['type']) => string },
  language: string,
): string {
  const made = new Date(item.createdAt);
  const day = Number.isNaN(made.getTime()) ? '' : new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).format(made);
  const type = words.type(item.type);
  const module = isModuleId(item.module) ? words.module(item.module) : undefined;
  // "Podcast – …", not "Podcast podcast – …".
  const what = !module ? type : module.toLocaleLowerCase(language) === type.toLocaleLowerCase(language) ? module : `${module} ${type.toLocaleLowerCase(language)}`;
  return [what, day].filter(Boolean).join(' – ').replace(/[\\/:*?"<>|]/g, '').trim();
}
