import type { Platform } from '../../shared/platforms';
import type { AccountLimits } from '../../shared/platforms/capabilities';
import type { Clock } from '../clock';
import type { PlatformHttp } from './http';
import type { CreatorInfo } from '../../shared/api/creatorInfo';
import type { AccountMetricKey } from '../../shared/api/accountMetrics';
import type { PublishingQuota } from '../../shared/api/publishingQuota';
import type { AccountCollection } from '../../shared/api/collections';

/** Tokens as we keep them (encrypted at rest). Times are ISO strings. */
export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  accessTokenExpiresAt?: string;
  refreshTokenExpiresAt?: string;
  /** When the current access token was issued (Instagram refreshes only tokens ≥ 24 h old). */
  accessTokenIssuedAt: string;
  scopes: string[];
  /**
   * What one platform keeps with its tokens beyond the OAuth fields (e.g. the key a DPoP-bound
   * token is bound to, the servers that issued it). Opaque to generic code; encrypted with the rest.
   */
  platformData?: Record<string, string>;
}

/** Who connected: the platform account the tokens act for. */
export interface PlatformProfile {
  platformUserId: string;
  displayName: string;
  username?: string;
  avatarUrl?: string;
  /** The limits the account's server sets, where the platform data says `accountLimits`. */
  limits?: AccountLimits;
}

/**
 * One account a consent lets the user connect, when one consent covers several (Facebook Pages,
 * LinkedIn organizations, Google Business Profile locations): who it is, and the tokens that act
 * for it (the Page's own token; the member's token for an organization). See
 * docs/platforms/README.md, "Connecting accounts".
 */
export interface ManagedAccount {
  profile: PlatformProfile;
  tokens: TokenSet;
}

export interface AuthorizeParams {
  state: string;
  redirectUri: string;
  /** S256 challenge, for platforms that use PKCE. */
  codeChallenge?: string;
  /**
   * The server the account lives on, where the platform's capabilities say `connectServer`: an
   * https origin the outbound rule let through (the connection service checked it).
   */
  server?: string;
}

/** Where the user's browser goes to consent, and what this attempt needs kept until its code returns. */
export interface AuthorizeStart {
  url: string;
  /**
   * Per-attempt data the platform's flow needs again at the code exchange (e.g. a key the
   * pushed request was bound to). Opaque to generic code; kept with the OAuth state.
   */
  flowData?: Record<string, string>;
}

export interface ExchangeParams {
  code: string;
  redirectUri: string;
  codeVerifier?: string;
  /** What authorizeUrl asked to keep for this attempt. */
  flowData?: Record<string, string>;
  /** The `iss` the authorization server sent back with the code (RFC 9207), where it sends one. */
  issuer?: string;
}

export interface PlatformCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * The apps a platform registered at the servers its users name (Mastodon's POST /api/v1/apps, one
 * app per instance), kept for every user of that server (functions/services/clientRegistrations.ts).
 */
export interface ClientRegistrations {
  /** The app registered at this server, if one was. */
  get(server: string): Promise<PlatformCredentials | undefined>;
  /** Keeps a newly registered app unless one was kept first (a race keeps one); answers the one kept. */
  keep(server: string, credentials: PlatformCredentials): Promise<PlatformCredentials>;
}

export interface AdapterDeps {
  credentials: PlatformCredentials;
  hosts: Record<string, string>;
  http: PlatformHttp;
  clock: Clock;
  /** Where the adapter registers its app per server (absent in functions that never start a connection). */
  clientRegistrations?: ClientRegistrations;
}

/**
 * One interface for every platform. OAuth: authorize URL, code exchange, refresh, profile,
 * revoke. Every failure is thrown as one of AuthExpired / RateLimited / Retryable / Rejected.
 */
export interface PlatformAdapter {
  readonly platform: Platform;
  readonly usesPkce: boolean;
  /** The scopes we ask for; `requiredScopes` must all be granted for the connection to work. */
  readonly scopes: readonly string[];
  readonly requiredScopes: readonly string[];
  /** Asynchronous: some platforms push the request to their server first (PAR, RFC 9126). */
  authorizeUrl(params: AuthorizeParams): Promise<AuthorizeStart>;
  exchangeCode(params: ExchangeParams): Promise<TokenSet>;
  /** Whether these tokens can be refreshed without the user (now or later in their life). */
  canRefresh(tokens: TokenSet): boolean;
  refresh(tokens: TokenSet): Promise<TokenSet>;
  fetchProfile(tokens: TokenSet): Promise<PlatformProfile>;
  /**
   * Where the account's server sets its own limits (`accountLimits`): reads them again (the
   * connections list does, at most daily; `fetchProfile` answers them at connect). Absent elsewhere.
   */
  readLimits?(tokens: TokenSet): Promise<AccountLimits>;
  /**
   * For platforms where one consent manages several accounts: the accounts these (just
   * exchanged) tokens let the user connect, each with its own tokens. When present, the user
   * picks which to connect and `fetchProfile` is not used at connect time. Absent elsewhere.
   */
  listAccounts?(tokens: TokenSet): Promise<ManagedAccount[]>;
  /** Revokes the grant at the platform; a no-op where the platform has no revoke. */
  revoke(tokens: TokenSet): Promise<void>;
  /**
   * For platforms whose client_id is the URL of a metadata document (AT Protocol OAuth): the
   * document, served by our API at that URL. Absent elsewhere.
   */
  clientMetadata?(redirectUri: string): Record<string, unknown>;
  /**
   * For platforms whose posting rules require showing the account's current posting settings
   * before the user chooses (TikTok's creator_info): those settings. Absent elsewhere.
   */
  creatorInfo?(tokens: TokenSet): Promise<CreatorInfo>;
  /**
   * For platforms with a per-account publishing limit they report (`capabilities[p].publishingLimit`):
   * how much of it the account has used now. Absent elsewhere.
   */
  publishingQuota?(tokens: TokenSet, platformUserId: string): Promise<PublishingQuota>;
  /**
   * For platforms that report an account's numbers per day rather than per post: those numbers
   * for the days `from`..`to` (YYYY-MM-DD, both included; `days` lists them, oldest first).
   * Absent elsewhere.
   */
  accountDailyMetrics?(tokens: TokenSet, range: { from: string; to: string; days: readonly string[] }): Promise<AccountDailyNumbers>;
  /**
   * For platforms that file each post in a collection the user picks (boards): the account's
   * collections, as the platform lists them now (`PostOptionsRule.collection`). Absent elsewhere.
   */
  collections?(tokens: TokenSet): Promise<AccountCollection[]>;
  /** With `collections`: makes one with this name (already checked: 1 to 100 characters) and answers it. */
  createCollection?(tokens: TokenSet, name: string): Promise<AccountCollection>;
}

/** An account's numbers per day as its platform reports them: the metrics it gives, and each day's values. */
export interface AccountDailyNumbers {
  metrics: AccountMetricKey[];
  days: Record<string, Partial<Record<AccountMetricKey, number>>>;
}

export type AdapterFactory = (deps: AdapterDeps) => PlatformAdapter;

/**
 * A published post's numbers as the platform reports them, in our words. A metric the platform
 * does not report for this post is left out (never reported as 0). See docs/analytics.md.
 */
export interface PostMetrics {
  views?: number;
  likes?: number;
  comments?: number;
  shares?: number;
  saves?: number;
  /** Clicks on the post that open it larger (Pinterest's pin clicks); not engagement of its own. */
  clicks?: number;
  /** Clicks through to the post's link (Pinterest's outbound clicks). */
  linkClicks?: number;
  /** Plays of a video counted as a view by the platform's own rule (Pinterest's VIDEO_MRC_VIEW). */
  videoViews?: number;
}

/** Whether a connection's grant lets us read metrics at all (LinkedIn needs a partner-only scope). */
export type MetricsAvailability = { available: true } | { available: false; reason: string };

/**
 * Reads the metrics of published posts (functions/platforms/<platform>/metrics.ts). Throws the
 * same four errors as the adapters; a post the platform no longer has is missing from the answer.
 */
export interface MetricsReader {
  readonly platform: Platform;
  /** How many post ids one call can take (1 where the platform reads one post per call). */
  readonly batchSize: number;
  /** Calls one refresh run may make to this platform, well inside its documented rate limit. */
  readonly callsPerRun: number;
  /** The platform's limit is the app's (YouTube's daily quota, LinkedIn's app day): hitting it defers every account. */
  readonly appWideLimit: boolean;
  availability(tokens: TokenSet): MetricsAvailability;
  /** Metrics by platform post id, for at most `batchSize` ids. */
  read(tokens: TokenSet, platformPostIds: readonly string[]): Promise<Record<string, PostMetrics>>;
}

export function expiresAt(clock: Clock, seconds: unknown): string | undefined {
  const value = typeof seconds === 'string' ? Number(seconds) : seconds;
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? new Date(clock.now().getTime() + value * 1000).toISOString()
    : undefined;
}

export function splitScopes(value: unknown, separator: RegExp = /[\s,]+/): string[] {
  return typeof value === 'string' ? value.split(separator).filter(Boolean) : [];
}
