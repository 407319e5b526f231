import { bluesky, MAX_TEXT_BYTES } from '../../../shared/platforms/bluesky';
/**
 * Bluesky rich text (atproto.com, app.bsky.richtext.facet; the detection rules of @atproto/api's
 * RichText.detectFacets): links, mentions and hashtags found in the text, each a facet with the
 * UTF-8 byte range it covers. Mentions carry the account's DID, so they are resolved before the
 * post is created; a handle that resolves to nobody stays plain text, as in Bluesky's own app.
 */

export type Facet = {
  index: { byteStart: number; byteEnd: number };
  features: Array<
    | { $type: 'app.bsky.richtext.facet#link'; uri: string }
    | { $type: 'app.bsky.richtext.facet#mention'; did: string }
    | { $type: 'app.bsky.richtext.facet#tag'; tag: string }
  >;
};

/** Bluesky's post limit: 300 graphemes (and 3,000 bytes), counted as its app counts them. */
export const BLUESKY_MAX_GRAPHEMES = bluesky.text.max;
export const BLUESKY_MAX_TEXT_BYTES = MAX_TEXT_BYTES;

/** Graphemes, as Bluesky's app counts them (the shared platform data's counter). */
export const graphemeLength = bluesky.text.count;

const utf8 = new TextEncoder();
const byteOffset = (text: string, index: number) => utf8.encode(text.slice(0, index)).length;

/** A detected span before mentions are resolved. */
export interface DetectedSpan {
  start: number;
  end: number;
  kind: 'link' | 'mention' | 'tag';
  /** The URI (links), the handle (mentions) or the tag without # (hashtags). */
  value: string;
}

const HANDLE = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
const MENTION = /(^|\s|\()(@)([a-zA-Z0-9.-]+)(\b)/g;
const LINK = /(^|\s|\()((https?:\/\/[\S]+)|((?<domain>[a-z][a-z0-9]*(\.[a-z0-9]+)+)[\S]*))/gim;
// @atproto/api's own hashtag pattern: the joiners in its classes are deliberate (they end a tag).
// eslint-disable-next-line no-misleading-character-class
const TAG = /(^|\s)[#＃]((?!\ufe0f)[^\s\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]*[^\d\s\p{P}\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]+[^\s\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]*)?/gu;
const TRAILING_PUNCTUATION = /\p{P}+$/gu;

function isHandle(value: string): boolean {
  return value.length <= 253 && HANDLE.test(value) && !/\.(local|arpa|invalid|localhost|internal|example|onion|alt)$/i.test(value);
}

export function detectSpans(text: string): DetectedSpan[] {
  const spans: DetectedSpan[] = [];
  for (const match of text.matchAll(MENTION)) {
    const handle = match[3]!;
    if (!isHandle(handle)) continue;
    const start = match.index + match[1]!.length;
    spans.push({ start, end: start + 1 + handle.length, kind: 'mention', value: handle.toLowerCase() });
  }
  for (const match of text.matchAll(LINK)) {
    let uri = match[2]!;
    if (!uri.startsWith('http')) {
      const domain = match.groups?.['domain'] ?? '';
      const tld = domain.split('.').pop() ?? '';
      if (!/^[a-z]{2,}$/i.test(tld)) continue;
      uri = `https://${uri}`;
    }
    const start = match.index + match[1]!.length;
    let end = start + match[2]!.length;
    // Trailing punctuation ends a sentence, not the link; a closing parenthesis only when unopened.
    if (/[.,;:!?]$/.test(uri)) {
      uri = uri.slice(0, -1);
      end -= 1;
    }
    if (/[)]$/.test(uri) && !uri.includes('(')) {
      uri = uri.slice(0, -1);
      end -= 1;
    }
    spans.push({ start, end, kind: 'link', value: uri });
  }
  for (const match of text.matchAll(TAG)) {
    const raw = match[2];
    if (!raw) continue;
    const tag = raw.trim().replace(TRAILING_PUNCTUATION, '');
    if (tag.length === 0 || tag.length > 64) continue;
    const start = match.index + match[1]!.length;
    spans.push({ start, end: start + 1 + tag.length, kind: 'tag', value: tag });
  }
  return spans.sort((left, right) => left.start - right.start);
}

/** The facets of `text`; `dids` maps each mentioned handle to its DID (unresolved ones are left out). */
export function facetsFor(text: string, dids: ReadonlyMap<string, string>): Facet[] {
  const facets: Facet[] = [];
  for (const span of detectSpans(text)) {
    const index = { byteStart: byteOffset(text, span.start), byteEnd: byteOffset(text, span.end) };
    if (span.kind === 'link') facets.push({ index, features: [{ $type: 'app.bsky.richtext.facet#link', uri: span.value }] });
    if (span.kind === 'tag') facets.push({ index, features: [{ $type: 'app.bsky.richtext.facet#tag', tag: span.value }] });
    if (span.kind === 'mention') {
      const did = dids.get(span.value);
      if (did) facets.push({ index, features: [{ $type: 'app.bsky.richtext.facet#mention', did }] });
    }
  }
  return facets;
}

/** The handles `text` mentions (lower case, each once). */
export function mentionedHandles(text: string): string[] {
  return [...new Set(detectSpans(text).filter((span) => span.kind === 'mention').map((span) => span.value))];
}
