import { createHash, createPublicKey, verify } from 'node:crypto';

/** Compact ES256 JWTs as the sandbox checks them (DPoP proofs, client assertions). */
export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}

export function decodeJwt(token: string): DecodedJwt | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    return {
      header: JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as Record<string, unknown>,
      payload: JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>,
    };
  } catch {
    return undefined;
  }
}

/** Whether the ES256 signature over the first two parts is valid for this public JWK. */
export function verifyEs256(token: string, jwk: unknown): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  try {
    const key = createPublicKey({ key: jwk as { kty: 'EC'; crv: string; x: string; y: string }, format: 'jwk' });
    return verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(parts[2]!, 'base64url'));
  } catch {
    return false;
  }
}

export function thumbprint(jwk: { crv?: unknown; kty?: unknown; x?: unknown; y?: unknown }): string {
  return createHash('sha256').update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y })).digest('base64url');
}

export function sha256Base64url(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
