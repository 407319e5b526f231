import type { FeedEntry } from './feed';
import { escapeHtml } from './http';

/**
 * A sandbox account's feed: what was published, newest first, with the media playing from the
 * sandbox itself. Plain HTML, no external resources.
 */

const styles = `
  body { font-family: system-ui, sans-serif; background: #f4f4f5; color: #18181b; margin: 0; }
  main { max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }
  h1 { font-size: 1.4rem; }
  article { background: #fff; border-radius: .75rem; padding: 1rem 1.5rem; margin: 0 0 1rem; box-shadow: 0 1px 3px rgb(0 0 0 / .15); }
  h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
  .text { white-space: pre-wrap; overflow-wrap: anywhere; }
  .meta { color: #52525b; font-size: .875rem; overflow-wrap: anywhere; }
  .note { background: #fef2f2; color: #991b1b; border: 1px solid #fecaca; padding: .25rem .5rem; border-radius: .375rem; }
  video, img { display: block; max-width: 100%; margin: .75rem 0; border-radius: .5rem; background: #000; }
`;

export interface FeedPageInput {
  platformName: string;
  platform: string;
  account: string;
  displayName: string;
  entries: FeedEntry[];
}

function mediaElement(platform: string, entry: FeedEntry, index: number): string {
  const item = entry.media[index]!;
  const source = `/${encodeURIComponent(platform)}/_media/${encodeURIComponent(item.blobId)}`;
  const label = `${entry.title ?? (entry.text || 'Post')} – media ${index + 1}`;
  if (item.contentType.startsWith('video/')) {
    return `<video controls preload="metadata" src="${escapeHtml(source)}" aria-label="${escapeHtml(label)}"></video>`;
  }
  return `<img src="${escapeHtml(source)}" alt="${escapeHtml(label)}" loading="lazy">`;
}

function article(platform: string, entry: FeedEntry): string {
  const time = new Date(entry.createdAt).toISOString();
  return [
    '<article>',
    entry.title ? `<h2>${escapeHtml(entry.title)}</h2>` : '',
    entry.text ? `<p class="text">${escapeHtml(entry.text)}</p>` : '',
    entry.note ? `<p class="note">${escapeHtml(entry.note)}</p>` : '',
    entry.settings ? `<p class="settings">${Object.entries(entry.settings).map(([name, value]) => `<code>${escapeHtml(name)}: ${escapeHtml(Array.isArray(value) ? value.join(', ') : String(value))}</code>`).join(' ')}</p>` : '',
    ...entry.media.map((_item, index) => mediaElement(platform, entry, index)),
    `<p class="meta"><time datetime="${time}">${time.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</time> · <code>${escapeHtml(entry.id)}</code> · <a href="${escapeHtml(entry.url)}">${escapeHtml(entry.url)}</a></p>`,
    '</article>',
  ]
    .filter(Boolean)
    .join('\n');
}

export function feedPage(input: FeedPageInput): string {
  const heading = `${input.displayName} on ${input.platformName} (sandbox)`;
  const body = input.entries.length === 0 ? '<p>Nothing published yet.</p>' : input.entries.map((entry) => article(input.platform, entry)).join('\n');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(heading)}</title>`,
    `<style>${styles}</style>`,
    '</head>',
    `<body><main><h1>${escapeHtml(heading)}</h1>`,
    `<p class="meta">Sandbox account <code>${escapeHtml(input.account)}</code> · ${input.entries.length} ${input.entries.length === 1 ? 'post' : 'posts'}, newest first</p>`,
    body,
    '</main></body>',
    '</html>',
  ].join('\n');
}
