import { isRecord } from '../http';
import type { BlueskyState } from './state';

/**
 * app.bsky.feed.post as the PDS validates it (lexicons/app/bsky/feed/post.json, embed/images,
 * embed/video, richtext/facet): text ≤ 300 graphemes and 3,000 bytes, createdAt a datetime,
 * facets inside the text's bytes, 1–4 images of ≤ 2,000,000 bytes each with alt text, or one
 * MP4 video, every blob uploaded by this account. Answers the problem, or undefined.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const featureTypes = ['app.bsky.richtext.facet#link', 'app.bsky.richtext.facet#mention', 'app.bsky.richtext.facet#tag'];

export function validatePost(record: unknown, did: string, state: BlueskyState): string | undefined {
  if (!isRecord(record)) return 'Record must be an object';
  if (record['$type'] !== 'app.bsky.feed.post') return 'Record/$type must be app.bsky.feed.post';
  const text = record['text'];
  if (typeof text !== 'string') return 'Record must have the property "text"';
  const bytes = new TextEncoder().encode(text).length;
  if ([...segmenter.segment(text)].length > 300) return 'Record/text must not be longer than 300 graphemes';
  if (bytes > 3000) return 'Record/text must not be longer than 3000 characters';
  if (typeof record['createdAt'] !== 'string' || Number.isNaN(Date.parse(record['createdAt']))) return 'Record/createdAt must be an valid atproto datetime';
  const facets = record['facets'];
  if (facets !== undefined) {
    if (!Array.isArray(facets)) return 'Record/facets must be an array';
    for (const [index, facet] of facets.entries()) {
      const range = isRecord(facet) && isRecord(facet['index']) ? facet['index'] : undefined;
      const start = range?.['byteStart'];
      const end = range?.['byteEnd'];
      if (typeof start !== 'number' || typeof end !== 'number' || start < 0 || end <= start || end > bytes) return `Record/facets/${index}/index must lie within the text's bytes`;
      const features = isRecord(facet) ? facet['features'] : undefined;
      if (!Array.isArray(features) || features.length === 0 || !features.every((feature) => isRecord(feature) && featureTypes.includes(String(feature['$type'])))) {
        return `Record/facets/${index}/features must be links, mentions or tags`;
      }
      for (const feature of features as Array<Record<string, unknown>>) {
        if (feature['$type'] === 'app.bsky.richtext.facet#mention' && !String(feature['did']).startsWith('did:')) return `Record/facets/${index}: a mention needs a DID`;
        if (feature['$type'] === 'app.bsky.richtext.facet#link' && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(String(feature['uri']))) return `Record/facets/${index}: a link needs a URI`;
        if (feature['$type'] === 'app.bsky.richtext.facet#tag' && (typeof feature['tag'] !== 'string' || feature['tag'].length > 640 || feature['tag'].length === 0)) return `Record/facets/${index}: a tag needs its text`;
      }
    }
  }
  const reply = record['reply'];
  if (reply !== undefined) {
    if (!isRecord(reply)) return 'Record/reply must be an object';
    for (const end of ['root', 'parent'] as const) {
      const ref = reply[end];
      // com.atproto.repo.strongRef: an at:// URI and the record's CID.
      if (!isRecord(ref) || typeof ref['uri'] !== 'string' || !ref['uri'].startsWith('at://') || typeof ref['cid'] !== 'string' || !ref['cid']) {
        return `Record/reply/${end} must be a strong reference (uri and cid)`;
      }
    }
  }
  const embed = record['embed'];
  if (embed === undefined) return undefined;
  if (!isRecord(embed)) return 'Record/embed must be an object';
  const blobProblem = (blob: unknown, where: string, accept: (mimeType: string) => boolean, maxSize: number): string | undefined => {
    const link = isRecord(blob) && isRecord(blob['ref']) ? blob['ref']['$link'] : undefined;
    const known = typeof link === 'string' ? state.blobs.get(link) : undefined;
    if (!known || known.did !== did) return `${where}: Could not find blob: ${String(link)}`;
    if (!accept(known.mimeType)) return `${where} has the wrong mimeType: ${known.mimeType}`;
    if (known.size > maxSize) return `${where} file too large: ${known.size} bytes (max ${maxSize})`;
    return undefined;
  };
  if (embed['$type'] === 'app.bsky.embed.images') {
    const images = embed['images'];
    if (!Array.isArray(images) || images.length < 1 || images.length > 4) return 'Record/embed/images must have 1 to 4 images';
    for (const [index, image] of images.entries()) {
      if (!isRecord(image) || typeof image['alt'] !== 'string') return `Record/embed/images/${index} must have the property "alt"`;
      const problem = blobProblem(image['image'], `Record/embed/images/${index}/image`, (type) => type.startsWith('image/'), 2_000_000);
      if (problem) return problem;
    }
    return undefined;
  }
  if (embed['$type'] === 'app.bsky.embed.video') {
    if (embed['alt'] !== undefined && (typeof embed['alt'] !== 'string' || embed['alt'].length > 10_000)) return 'Record/embed/alt must be a string';
    return blobProblem(embed['video'], 'Record/embed/video', (type) => type === 'video/mp4', 100_000_000);
  }
  return `Record/embed has an unsupported $type: ${String(embed['$type'])}`;
}
