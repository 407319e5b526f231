import { createRequire } from 'node:module';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';

const require = createRequire(import.meta.url);

/** cognito-local's own signing key (public in its package): lets a test mint an expired token. */
async function cognitoLocalKey() {
  const { jwk } = require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK & { kid: string } };
  return { key: await importJWK(jwk, 'RS256'), kid: jwk.kid };
}

export async function signWithCognitoLocalKey(claims: JWTPayload): Promise<string> {
  const { key, kid } = await cognitoLocalKey();
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
}

/** A token signed by a key that is not the pool's (a forger's, or another pool's). */
export async function signWithForeignKey(claims: JWTPayload, kid = 'foreign'): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  void (await exportJWK(publicKey));
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
}

export function decodePayload(token: string): JWTPayload {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as JWTPayload;
}

/** The same token with one claim changed and the original signature kept. */
export function tamper(token: string, change: JWTPayload): string {
  const [header, payload, signature] = token.split('.');
  const changed = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')), ...change };
  return [header, Buffer.from(JSON.stringify(changed)).toString('base64url'), signature].join('.');
}
