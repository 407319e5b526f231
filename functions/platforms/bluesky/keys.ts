import { createECDH, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';

/**
 * The ES256 keys AT Protocol OAuth uses (atproto.com/specs/oauth): a DPoP key per session, and
 * the client's own key for `private_key_jwt` client authentication. Signed with node:crypto
 * (docs/decisions.md, "Bluesky: AT Protocol OAuth without the client library").
 */

export type PublicJwk = { kty: 'EC'; crv: 'P-256'; x: string; y: string };
export type PrivateJwk = PublicJwk & { d: string };

const base64url = (bytes: Buffer | Uint8Array | string) => Buffer.from(bytes).toString('base64url');

export function publicJwkOf(privateJwk: PrivateJwk): PublicJwk {
  return { kty: 'EC', crv: 'P-256', x: privateJwk.x, y: privateJwk.y };
}

/** A new DPoP key (one per connection attempt, then kept with the tokens it is bound to). */
export function newDpopKey(): PrivateJwk {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'jwk' }) as PrivateJwk;
}

/**
 * The client's signing key, derived from the client secret (BLUESKY_CLIENT_SECRET, any long
 * random string): d = SHA-256(secret) as a P-256 scalar. The same secret always gives the same
 * key, so the published client metadata and every Lambda agree without a key file.
 */
export function clientKeyFromSecret(secret: string): PrivateJwk {
  const d = createHash('sha256').update(`oneclick-bluesky-client-key:${secret}`).digest();
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey();
  return { kty: 'EC', crv: 'P-256', x: base64url(point.subarray(1, 33)), y: base64url(point.subarray(33, 65)), d: base64url(d) };
}

/** RFC 7638 thumbprint of an EC key: the key id we publish and the DPoP `jkt`. */
export function jwkThumbprint(jwk: PublicJwk): string {
  return base64url(createHash('sha256').update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y })).digest());
}

function keyObject(jwk: PrivateJwk): KeyObject {
  return createPrivateKey({ key: jwk, format: 'jwk' });
}

/** A compact JWS signed with ES256 (raw r||s signature, as JWS requires). */
export function signJwt(header: Record<string, unknown>, payload: Record<string, unknown>, key: PrivateJwk): string {
  const input = `${base64url(JSON.stringify({ alg: 'ES256', ...header }))}.${base64url(JSON.stringify(payload))}`;
  const signature = sign('sha256', Buffer.from(input), { key: keyObject(key), dsaEncoding: 'ieee-p1363' });
  return `${input}.${base64url(signature)}`;
}

/** Whether a key is usable (a stored key that no longer parses means reconnecting). */
export function isUsableKey(jwk: unknown): jwk is PrivateJwk {
  try {
    createPublicKey({ key: jwk as PrivateJwk, format: 'jwk' });
    return typeof (jwk as PrivateJwk).d === 'string';
  } catch {
    return false;
  }
}

export interface DpopProofInput {
  method: string;
  url: string;
  nonce?: string;
  /** The access token the request carries (resource requests only). */
  accessToken?: string;
  nowSeconds: number;
}

/** A DPoP proof (RFC 9449 §4): htu without query or fragment; ath for resource requests. */
export function dpopProof(key: PrivateJwk, input: DpopProofInput): string {
  const url = new URL(input.url);
  const htu = `${url.origin}${url.pathname}`;
  return signJwt(
    { typ: 'dpop+jwt', jwk: publicJwkOf(key) },
    {
      jti: randomUUID(),
      htm: input.method,
      htu,
      iat: input.nowSeconds,
      ...(input.nonce ? { nonce: input.nonce } : {}),
      ...(input.accessToken ? { ath: base64url(createHash('sha256').update(input.accessToken).digest()) } : {}),
    },
    key,
  );
}
