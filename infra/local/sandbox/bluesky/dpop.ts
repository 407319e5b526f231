import { randomBytes } from 'node:crypto';
import type { SandboxRequest } from '../http';
import { decodeJwt, sha256Base64url, thumbprint, verifyEs256 } from './jwt';

/**
 * DPoP proofs as Bluesky's authorization server and PDS check them (RFC 9449): a `dpop+jwt`
 * signed with ES256 by the public key in its header, for this method and URL (htu without
 * query), recent, never replayed, carrying the server's current nonce (`use_dpop_nonce`
 * otherwise) and, at the PDS, `ath` = SHA-256 of the access token.
 */

const MAX_AGE_SECONDS = 300;

export type ProofCheck = { ok: true; jkt: string } | { ok: false; error: 'invalid_dpop_proof' | 'use_dpop_nonce'; description: string };

export interface DpopVerifier {
  /** The nonce the server hands out now (in every answer's DPoP-Nonce). */
  nonce(): string;
  check(request: SandboxRequest, url: string, accessToken?: string): ProofCheck;
  reset(): void;
}

export function createDpopVerifier(now: () => number): DpopVerifier {
  let current = randomBytes(16).toString('base64url');
  const seen = new Map<string, number>();
  return {
    nonce: () => current,
    reset() {
      current = randomBytes(16).toString('base64url');
      seen.clear();
    },
    check(request, url, accessToken) {
      const proof = request.headers['dpop'];
      if (typeof proof !== 'string' || !proof) return { ok: false, error: 'invalid_dpop_proof', description: 'DPoP proof required' };
      const decoded = decodeJwt(proof);
      if (!decoded) return { ok: false, error: 'invalid_dpop_proof', description: 'DPoP proof is not a JWT' };
      const { header, payload } = decoded;
      const jwk = header['jwk'] as Record<string, unknown> | undefined;
      if (header['typ'] !== 'dpop+jwt' || header['alg'] !== 'ES256' || !jwk || 'd' in jwk) return { ok: false, error: 'invalid_dpop_proof', description: 'DPoP proof header must be typ dpop+jwt, alg ES256 with a public jwk' };
      if (!verifyEs256(proof, jwk)) return { ok: false, error: 'invalid_dpop_proof', description: 'DPoP proof signature is invalid' };
      const target = new URL(url);
      if (payload['htm'] !== request.method || payload['htu'] !== `${target.origin}${target.pathname}`) return { ok: false, error: 'invalid_dpop_proof', description: 'DPoP htm/htu mismatch' };
      const iat = Number(payload['iat']);
      const nowSeconds = Math.floor(now() / 1000);
      if (!Number.isFinite(iat) || Math.abs(nowSeconds - iat) > MAX_AGE_SECONDS) return { ok: false, error: 'invalid_dpop_proof', description: 'DPoP proof is too old or from the future' };
      const jti = payload['jti'];
      if (typeof jti !== 'string' || seen.has(jti)) return { ok: false, error: 'invalid_dpop_proof', description: 'DPoP proof jti missing or replayed' };
      if (payload['nonce'] !== current) return { ok: false, error: 'use_dpop_nonce', description: 'Authorization server requires nonce in DPoP proof' };
      if (accessToken !== undefined && payload['ath'] !== sha256Base64url(accessToken)) return { ok: false, error: 'invalid_dpop_proof', description: 'DPoP ath does not match the access token' };
      seen.set(jti, now());
      for (const [id, at] of seen) if (at < now() - MAX_AGE_SECONDS * 2000) seen.delete(id);
      return { ok: true, jkt: thumbprint(jwk) };
    },
  };
}
