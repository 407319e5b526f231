import { createHash, randomBytes } from 'node:crypto';
import type { PlatformContext } from '../platform';
import type { DpopVerifier } from './dpop';

/** What the Bluesky sandbox's servers share: identities, blobs, records, service-auth tokens. */

export interface BlobRecord {
  cid: string;
  did: string;
  blobId: string;
  mimeType: string;
  size: number;
}

export interface PostRecord {
  uri: string;
  cid: string;
  did: string;
  rkey: string;
  value: Record<string, unknown>;
  /** The feed entry's id (the at:// URI). */
  indexedAt: number;
}

export interface ServiceToken {
  did: string;
  aud: string;
  lxm: string;
  expiresAt: number;
}

export interface BlueskyState {
  context: PlatformContext;
  dpop: DpopVerifier;
  issuer(): string;
  pdsUrl(): string;
  blobs: Map<string, BlobRecord>;
  records: Map<string, PostRecord>;
  serviceTokens: Map<string, ServiceToken>;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A sandbox account's DID: did:plc: + 24 base32 characters from its name. */
export function didOf(accountName: string): string {
  const digest = createHash('sha256').update(`bluesky:${accountName}`).digest();
  return `did:plc:${Array.from(digest.subarray(0, 24), (byte) => BASE32[byte % 32]).join('')}`;
}

/** Its handle: the account name, lower case, under bsky.social (as Bluesky-hosted handles are). */
export function handleOf(accountName: string): string {
  return `${accountName.toLowerCase().replace(/[^a-z0-9.-]/g, '-').replace(/^[.-]+|[.-]+$/g, '')}.bsky.social`;
}

/** A CIDv1 (raw, sha2-256) in base32, as blob refs carry. */
export function cidOf(bytes: Uint8Array | string): string {
  const digest = createHash('sha256').update(bytes).digest();
  const multihash = Buffer.concat([Buffer.from([0x01, 0x55, 0x12, 0x20]), digest]);
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of multihash) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return `b${text}`;
}

export const randomId = (bytes = 16) => randomBytes(bytes).toString('hex');

/** The did:web the video service accepts as the audience of upload tokens: the PDS host. */
export const didWebOf = (url: string) => `did:web:${encodeURIComponent(new URL(url).host)}`;
