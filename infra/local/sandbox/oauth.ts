import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { basicCredentials, readForm, type SandboxRequest } from './http';
import { accountNamePattern } from './identity';
import type { AuthorizeDialect, AuthorizeRefusal, AuthorizeRequest } from './authorizeDialect';
import type { PlatformContext, SandboxClient } from './platform';
import type { AccountRecord, CodeFailure, CodeRecord, TokenRecord } from './store';

/**
 * The OAuth rules every platform shares (authorize validation, consent, single-use codes bound
 * to client + redirect_uri + scopes + PKCE, token issue, refresh, revocation). Each platform
 * module says how its dialog differs (an AuthorizeDialect) and turns the failures here into its
 * own wire format.
 */

const CODE_LIFETIME_MS = 10 * 60 * 1000;

export type { AuthorizeDialect, AuthorizeRefusal, AuthorizeRequest } from './authorizeDialect';

/** Random URL-safe characters. */
export function randomText(length: number): string {
  return randomBytes(Math.ceil((length * 3) / 4) + 3)
    .toString('base64url')
    .slice(0, length);
}

export function randomDigits(length: number): string {
  return Array.from(randomBytes(length), (byte) => String(byte % 10)).join('');
}

/** `uri` with the parameters added to its query (and an optional fragment some dialogs append, e.g. `#_`). */
export function redirectTo(uri: string, parameters: Record<string, string>, fragment = ''): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  url.hash = '';
  return `${url.toString()}${fragment}`;
}

function splitScopes(raw: string, delimiter: AuthorizeDialect['scopeDelimiter']): string[] | AuthorizeRefusal {
  if (delimiter === 'comma' && /\s/.test(raw.trim())) {
    return { error: 'invalid_scope', description: `scope must be a comma-separated list, got "${raw}"` };
  }
  if (delimiter === 'space' && raw.includes(',')) {
    return { error: 'invalid_scope', description: `scope must be a space-separated list, got "${raw}"` };
  }
  const separator = delimiter === 'space' ? /\s+/ : delimiter === 'comma' ? /,/ : /[,\s]+/;
  return raw
    .split(separator)
    .map((scope) => scope.trim())
    .filter(Boolean);
}

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hash === '';
  } catch {
    return false;
  }
}

/** The app with this id: the sandbox's one app of the platform, or one registered through the platform's API. */
export function knownClient(context: PlatformContext, dialect: Pick<AuthorizeDialect, 'registeredClient'> | undefined, clientId: string): SandboxClient | undefined {
  return clientId === context.client.clientId ? context.client : dialect?.registeredClient?.(clientId);
}

/** Validates an authorize query as the platform would, in the order it would. */
export function parseAuthorize(context: PlatformContext, dialect: AuthorizeDialect, dialogQuery: URLSearchParams): AuthorizeRequest | AuthorizeRefusal {
  const pushed = dialect.pushedParameters?.(dialogQuery) ?? dialogQuery;
  if (!(pushed instanceof URLSearchParams)) return pushed;
  const query = pushed;
  const missing = (parameter: string): AuthorizeRefusal => ({ error: 'invalid_request', description: `Missing required parameter: ${parameter}` });

  const clientId = query.get(dialect.clientIdParameter);
  if (!clientId) return missing(dialect.clientIdParameter);
  if (!knownClient(context, dialect, clientId)) {
    return { error: 'invalid_client', description: `${dialect.clientIdParameter} "${clientId}" is not a registered app` };
  }

  const redirectUri = query.get('redirect_uri');
  if (!redirectUri) return missing('redirect_uri');
  if (!isAbsoluteHttpUrl(redirectUri)) {
    return { error: 'invalid_request', description: 'redirect_uri must be an absolute http(s) URL without a fragment' };
  }

  const responseType = query.get('response_type');
  if (!responseType) return missing('response_type');
  if (responseType !== 'code') {
    return { error: 'unsupported_response_type', description: `response_type must be "code", got "${responseType}"` };
  }

  const rawScope = query.get('scope');
  if (!rawScope?.trim()) return missing('scope');
  const scopes = splitScopes(rawScope, dialect.scopeDelimiter);
  if (!Array.isArray(scopes)) return scopes;
  const unknown = scopes.filter((scope) => !dialect.knownScopes.includes(scope));
  if (unknown.length > 0) return { error: 'invalid_scope', description: `Unknown scope(s): ${unknown.join(', ')}` };
  if (dialect.requiredScopes && !dialect.requiredScopes.some((scope) => scopes.includes(scope))) {
    return { error: 'invalid_scope', description: `scope must include ${dialect.requiredScopes.join(' or ')}` };
  }

  const state = query.get('state');
  if (!state) return missing('state');

  const codeChallenge = dialect.pkce === 'ignored' ? undefined : (query.get('code_challenge') ?? undefined);
  const rawMethod = dialect.pkce === 'ignored' ? undefined : (query.get('code_challenge_method') ?? undefined);
  if (dialect.pkce === 'required') {
    if (!codeChallenge) return missing('code_challenge');
    if (!rawMethod) return missing('code_challenge_method');
  }
  if (rawMethod && !codeChallenge) return missing('code_challenge');
  let codeChallengeMethod: 'S256' | 'plain' | undefined;
  if (codeChallenge) {
    const method = (rawMethod ?? 'plain').toLowerCase();
    if (method !== 's256' && method !== 'plain') {
      return { error: 'invalid_request', description: `code_challenge_method must be S256 or plain, got "${rawMethod}"` };
    }
    codeChallengeMethod = method === 's256' ? 'S256' : 'plain';
  }

  const refusal = dialect.validate?.(query);
  if (refusal) return refusal;

  return {
    clientId,
    redirectUri,
    scopes: [...new Set(scopes)],
    state,
    query,
    ...(codeChallenge ? { codeChallenge, codeChallengeMethod } : {}),
  };
}

export function isRefusal(value: AuthorizeRequest | AuthorizeRefusal): value is AuthorizeRefusal {
  return 'error' in value;
}

export interface ConsentDecision {
  decision: 'allow' | 'deny';
  account: string;
  displayName?: string;
}

export type ConsentOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'refused'; refusal: AuthorizeRefusal }
  /** The request is fine but the decision is not (e.g. a malformed account name). */
  | { kind: 'problem'; request: AuthorizeRequest; problem: string };

/**
 * The user's decision on the consent page (or through the control API, which must behave the
 * same): allow creates the account if new and issues a single-use code; deny sends the
 * platform's error back.
 */
export function decideConsent(context: PlatformContext, dialect: AuthorizeDialect, query: URLSearchParams, decision: ConsentDecision): ConsentOutcome {
  const request = parseAuthorize(context, dialect, query);
  if (isRefusal(request)) return { kind: 'refused', refusal: request };
  if (decision.decision === 'deny') return { kind: 'redirect', location: dialect.denyRedirect(request) };

  const accountName = decision.account.trim();
  if (!accountNamePattern.test(accountName)) {
    return { kind: 'problem', request, problem: 'Sandbox account must be 1–40 letters, digits, ".", "_" or "-", starting with a letter or digit.' };
  }
  const displayName = decision.displayName?.trim();
  if (displayName && displayName.length > 100) return { kind: 'problem', request, problem: 'Display name must be at most 100 characters.' };

  context.store.saveAccount(context.platform, accountName, displayName || undefined);
  const firstConsent = context.store.recordConsent(context.platform, accountName, request.clientId);
  const code = dialect.shapes.code();
  context.store.issueCode({
    code,
    platform: context.platform,
    account: accountName,
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    grantsRefreshToken: dialect.grantsRefreshToken(request, firstConsent),
    expiresAt: context.now() + CODE_LIFETIME_MS,
    ...(request.codeChallenge ? { codeChallenge: request.codeChallenge, codeChallengeMethod: request.codeChallengeMethod } : {}),
  });
  return { kind: 'redirect', location: dialect.allowRedirect(request, code) };
}

// ——— Token endpoint ———

/** Why a token request fails; each platform renders these in its own error format. */
export type TokenFailure =
  | { failure: 'not_form' }
  | { failure: 'missing_parameter'; parameter: string }
  | { failure: 'unsupported_grant_type'; grantType: string }
  | { failure: 'invalid_client'; reason: 'missing' | 'unknown' | 'wrong_secret' }
  | { failure: 'invalid_code'; reason: CodeFailure | 'other_client' }
  | { failure: 'redirect_mismatch' }
  | { failure: 'invalid_verifier'; reason: 'missing' | 'mismatch' }
  | { failure: 'invalid_refresh_token'; reason: 'unknown' | 'expired' | 'revoked' | 'other_client' };

export function isFailure<T extends object>(value: T | TokenFailure): value is TokenFailure {
  return 'failure' in value;
}

/** The form, or the not_form failure (every token endpoint takes application/x-www-form-urlencoded). */
export async function tokenForm(request: SandboxRequest): Promise<URLSearchParams | TokenFailure> {
  return (await readForm(request)) ?? { failure: 'not_form' };
}

export function requireParameters(form: URLSearchParams, names: readonly string[]): TokenFailure | undefined {
  const missing = names.find((name) => !form.get(name));
  return missing ? { failure: 'missing_parameter', parameter: missing } : undefined;
}

/**
 * Client authentication: `form` reads the id and secret from the given form fields, `basic`
 * from `Authorization: Basic` (where a client id in the form, if sent, must be the same).
 */
export function authenticateClient(
  context: PlatformContext,
  request: SandboxRequest,
  form: URLSearchParams,
  method: { form: 'client_id' | 'client_key' } | 'basic',
  dialect?: Pick<AuthorizeDialect, 'registeredClient'>,
): TokenFailure | undefined {
  let id: string | null | undefined;
  let secret: string | null | undefined;
  if (method === 'basic') {
    const credentials = basicCredentials(request);
    if (!credentials) return { failure: 'invalid_client', reason: 'missing' };
    ({ id, secret } = credentials);
    const formId = form.get('client_id');
    if (formId && formId !== id) return { failure: 'invalid_client', reason: 'unknown' };
  } else {
    id = form.get(method.form);
    secret = form.get('client_secret');
    if (!id) return { failure: 'missing_parameter', parameter: method.form };
    if (!secret) return { failure: 'missing_parameter', parameter: 'client_secret' };
  }
  const client = knownClient(context, dialect, id);
  if (!client) return { failure: 'invalid_client', reason: 'unknown' };
  if (secret !== client.clientSecret) return { failure: 'invalid_client', reason: 'wrong_secret' };
  return undefined;
}

function verifierMatches(code: CodeRecord, verifier: string, hexChallenge: boolean): boolean {
  if (code.codeChallengeMethod === 'plain') return verifier === code.codeChallenge;
  const digest = createHash('sha256').update(verifier).digest();
  return digest.toString('base64url') === code.codeChallenge || (hexChallenge && digest.toString('hex') === code.codeChallenge);
}

/**
 * Redeems the form's `code`: it must exist, be unused and unexpired, belong to the client, have
 * been issued for the same redirect_uri, and pass PKCE when it was bound to a challenge.
 */
export function redeemCode(context: PlatformContext, dialect: AuthorizeDialect, form: URLSearchParams): CodeRecord | TokenFailure {
  const code = context.store.redeemCode(context.platform, form.get('code') ?? '');
  if (typeof code === 'string') return { failure: 'invalid_code', reason: code };
  // The code must be the authenticated app's: the sandbox's one app, or the registered one the form names.
  const clientId = dialect.registeredClient && form.get('client_id') ? form.get('client_id') : context.client.clientId;
  if (code.clientId !== clientId) return { failure: 'invalid_code', reason: 'other_client' };
  if (form.get('redirect_uri') !== code.redirectUri) return { failure: 'redirect_mismatch' };
  if (code.codeChallenge) {
    const verifier = form.get('code_verifier');
    if (!verifier) return { failure: 'invalid_verifier', reason: 'missing' };
    if (!verifierMatches(code, verifier, dialect.hexChallenge ?? false)) return { failure: 'invalid_verifier', reason: 'mismatch' };
  }
  return code;
}

export interface Lifetimes {
  accessSeconds: number;
  /** Omitted = no refresh token; null = a refresh token that does not expire by time. */
  refreshSeconds?: number | null;
  lifespan?: 'short' | 'long';
}

export interface IssuedGrant {
  accessToken: string;
  access: TokenRecord;
  refreshToken?: string;
  refresh?: TokenRecord;
}

function issue(context: PlatformContext, dialect: AuthorizeDialect, base: Pick<TokenRecord, 'account' | 'grantId' | 'clientId' | 'scopes'>, lifetimes: Lifetimes, withRefresh: boolean): IssuedGrant {
  const now = context.now();
  const accessToken = dialect.shapes.access();
  const access = context.store.issueToken({
    ...base,
    token: accessToken,
    platform: context.platform,
    kind: 'access',
    issuedAt: now,
    expiresAt: now + lifetimes.accessSeconds * 1000,
    ...(lifetimes.lifespan ? { lifespan: lifetimes.lifespan } : {}),
  });
  if (!withRefresh || lifetimes.refreshSeconds === undefined) return { accessToken, access };
  if (!dialect.shapes.refresh) throw new Error(`${context.platform} has no refresh tokens`);
  const refreshToken = dialect.shapes.refresh();
  const refresh = context.store.issueToken({
    ...base,
    token: refreshToken,
    platform: context.platform,
    kind: 'refresh',
    issuedAt: now,
    expiresAt: lifetimes.refreshSeconds === null ? null : now + lifetimes.refreshSeconds * 1000,
  });
  return { accessToken, access, refreshToken, refresh };
}

/** The tokens for a redeemed code (a refresh token only when the consent granted one). */
export function issueForCode(context: PlatformContext, dialect: AuthorizeDialect, code: CodeRecord, lifetimes: Lifetimes): IssuedGrant {
  const base = { account: code.account, grantId: randomUUID(), clientId: code.clientId, scopes: code.scopes };
  return issue(context, dialect, base, lifetimes, code.grantsRefreshToken);
}

/** The form's refresh_token, if it is this client's, unexpired and not revoked. */
export function checkRefreshToken(context: PlatformContext, form: URLSearchParams): TokenRecord | TokenFailure {
  const token = context.store.findToken(context.platform, form.get('refresh_token') ?? '');
  if (!token || token.kind !== 'refresh') return { failure: 'invalid_refresh_token', reason: 'unknown' };
  if (token.clientId !== context.client.clientId) return { failure: 'invalid_refresh_token', reason: 'other_client' };
  const status = context.store.status(token);
  return status === 'valid' ? token : { failure: 'invalid_refresh_token', reason: status };
}

/**
 * A new access token for the grant. Rotating platforms also get a new refresh token and the
 * old one dies; the others keep theirs.
 */
export function refreshGrant(context: PlatformContext, dialect: AuthorizeDialect, refresh: TokenRecord, lifetimes: Lifetimes & { rotate: boolean }): IssuedGrant {
  if (lifetimes.rotate) context.store.revokeToken(refresh);
  return issue(context, dialect, grantOf(refresh), lifetimes, lifetimes.rotate);
}

/** Another access token on the same grant (exchanging a short-lived token for a long-lived one, or refreshing that). */
export function extendGrant(context: PlatformContext, dialect: AuthorizeDialect, from: TokenRecord, lifetimes: Lifetimes): IssuedGrant {
  return issue(context, dialect, grantOf(from), lifetimes, false);
}

function grantOf(token: TokenRecord): Pick<TokenRecord, 'account' | 'grantId' | 'clientId' | 'scopes'> {
  return { account: token.account, grantId: token.grantId, clientId: token.clientId, scopes: token.scopes };
}

/** Revokes the grant the token belongs to (access and refresh); false when the token is unknown. */
export function revokeGrantOf(context: PlatformContext, token: string): boolean {
  const record = context.store.findToken(context.platform, token);
  if (!record) return false;
  context.store.revokeGrant(record.grantId);
  return true;
}

// ——— Resource endpoints ———

export type AccessFailure = 'missing' | 'unknown' | 'expired' | 'revoked';

export type AccessCheck = { token: TokenRecord; account: AccountRecord } | { failure: AccessFailure; token?: TokenRecord };

/** Whether a bearer token may call this platform's API, and whose it is. */
export function checkAccessToken(context: PlatformContext, token: string | undefined): AccessCheck {
  if (!token) return { failure: 'missing' };
  const record = context.store.findToken(context.platform, token);
  if (!record || record.kind !== 'access') return { failure: 'unknown' };
  const status = context.store.status(record);
  if (status !== 'valid') return { failure: status, token: record };
  const account = context.store.account(context.platform, record.account);
  if (!account) return { failure: 'unknown' };
  return { token: record, account };
}

export function hasAnyScope(token: TokenRecord, scopes: readonly string[]): boolean {
  return scopes.some((scope) => token.scopes.includes(scope));
}
