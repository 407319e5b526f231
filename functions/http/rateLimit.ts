import { createHash, timingSafeEqual } from 'node:crypto';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { routeKey, type RouteDefinition } from '../../shared/api/routes';
import type { Clock } from '../clock';
import { ConfigurationError } from '../config';
import { DomainError } from '../errors';
import type { DeletedAccountRecord } from '../services/deletedAccounts';
import type { UserIdentity } from '../services/memberships';
import type { Seen } from './accountGate';
import type { ApiEvent } from './apiEvent';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from './callerHeaders';
import { callerNetwork } from './callerNetwork';

/** At most `requests` per caller in each fixed window of `windowSeconds`. */
export interface RateLimit {
  readonly requests: number;
  readonly windowSeconds: number;
}

/**
 * The defaults: far above what a person (or a module's back end serving its users) sends, far
 * below a flood. Authenticated routes count per user (the verified `sub`), public routes per
 * address (an IPv6 address by its /64) and route. `ONECLICK_RATE_LIMIT_USER` / `ONECLICK_RATE_LIMIT_PUBLIC` ("300/10")
 * override them for a deployment. A public route may name its own tighter `addressLimit` (a review
 * link's routes: shared/api/routes.ts), which no setting widens.
 */
export const defaultRateLimits = {
  user: { requests: 60, windowSeconds: 5 },
  public: { requests: 50, windowSeconds: 5 },
  /** Each API key on the public API (/v1): `ONECLICK_RATE_LIMIT_KEY` overrides it (docs/api.md). */
  key: { requests: 300, windowSeconds: 60 },
} as const satisfies Record<string, RateLimit>;

/** Where a caller stands in its current window: what the public API's RateLimit-* headers say. */
export interface RateQuota {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
  windowSeconds: number;
}

export class TooManyRequests extends DomainError {
  /** Sent as the Retry-After header (RFC 9110 §10.2.3), so clients need not parse the words. */
  constructor(
    readonly retryAfterSeconds: number,
    /** The caller's quota when it is a key's (the public API answers it in RateLimit-* headers). */
    readonly quota?: RateQuota,
  ) {
    super(429, 'TooManyRequests', `Too many requests in a short time. Please wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'} and try again.`);
  }
}

/**
 * The RateLimit header fields of draft-ietf-httpapi-ratelimit-headers-06 (RateLimit-Limit,
 * RateLimit-Remaining, RateLimit-Reset in delta seconds, RateLimit-Policy "<limit>;w=<window>"),
 * sent on every answer of the public API.
 */
export function rateLimitHeaders(quota: RateQuota): Record<string, string> {
  return {
    'ratelimit-limit': String(quota.limit),
    'ratelimit-remaining': String(quota.remaining),
    'ratelimit-reset': String(quota.resetSeconds),
    'ratelimit-policy': `${quota.limit};w=${quota.windowSeconds}`,
  };
}

export { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER };

/**
 * Whether the header holds the origin secret, compared in constant time (over SHA-256 digests,
 * so neither the time nor an early length check tells a caller how much of a guess was right).
 */
export function isOriginSecret(header: string | undefined, originSecret: string): boolean {
  if (header === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(header), digest(originSecret));
}

/**
 * The caller's address. Behind CloudFront, API Gateway sees an edge server, so the distribution
 * passes the viewer's address in a header; it is believed only with the distribution's secret
 * header (a request sent straight to the API's own host could carry any value). Without it, the
 * address API Gateway saw.
 */
export function callerAddress(event: ApiEvent, originSecret: string | undefined): string {
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER];
  if (originSecret && viewer && isOriginSecret(event.headers?.[ORIGIN_SECRET_HEADER], originSecret)) return viewer;
  return event.requestContext.http.sourceIp;
}

/** A limit from its configuration text ("<requests>/<seconds>"); the fallback when unset. */
export function parseLimit(value: string | undefined, fallback: RateLimit, name: string): RateLimit {
  if (value === undefined || value === '') return fallback;
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new ConfigurationError(`${name} must look like "<requests>/<seconds>", e.g. "300/10" (got "${value}")`);
  }
  return { requests: Number(match[1]), windowSeconds: Number(match[2]) };
}

const hashed = (value: string) => createHash('sha256').update(value).digest('base64url');

/** How many refused buckets (and users' current windows) a function instance remembers. */
const MAX_REMEMBERED = 10_000;

/** How often a user's counter is written again when another instance changed it between our read and write. */
const MAX_COUNTER_ATTEMPTS = 4;

/**
 * What the account's record held when its request was counted: the account gate's state, read
 * in the same write (functions/http/accountGate.ts), so a user's call costs one request here.
 */
export interface Admission {
  /** A signed-in user's deletion as the counting write found it; undefined when it was not read (a public route). */
  seen?: Seen | undefined;
}

/** The fixed window a request counts in: its start and length, and the request's own time (epoch ms). */
interface Window {
  start: number;
  ms: number;
  nowMs: number;
}

const retryAfterOf = ({ start, ms, nowMs }: Window) => Math.max(1, Math.ceil((start + ms - nowMs) / 1000));
const expiresAtOf = ({ start, ms }: Window) => Math.ceil((start + ms) / 1000) + 60;

/** A raw attribute of a ConditionalCheckFailedException's item (the document client does not unmarshall errors). */
const numberOf = (value: AttributeValue | undefined) => (value?.N === undefined ? undefined : Number(value.N));

/**
 * Fixed-window counters in DynamoDB, shared by every instance of every function. Once a caller
 * is over its limit, this instance refuses it from memory until the window ends, so a flood
 * costs one Lambda invocation per request and no further writes.
 *
 * A signed-in user's counter lives on their record in the deleted-accounts table (`accountsTableName`),
 * the record that becomes the tombstone when their deletion starts: one UpdateItem counts the
 * request and, through its condition, finds a deletion in the same write (docs/decisions.md,
 * "One write admits a call"). It holds the window it counts (`windowStart`): the write adds one
 * within the window and starts the count again in a new one, each guarded by a condition on
 * `windowStart`, and this instance remembers the window it last counted each user in to pick
 * the right one first. A user whose deletion started is counted as before, in a bucket per
 * window in the rate-limits table, and their tombstone is never written here. A public route's
 * caller (an address and the route) has a bucket per window in the rate-limits table: one
 * atomic ADD per admitted request.
 */
export function createRateLimiter(deps: {
  db: DynamoDBDocumentClient;
  tableName: string;
  /** The deleted-accounts table; without it a user is counted in a bucket per window like a public caller. */
  accountsTableName?: string;
  clock: Clock;
  limits: () => { user: RateLimit; public: RateLimit; key?: RateLimit };
  originSecret?: string;
}) {
  const refusedUntil = new Map<string, number>();
  const userWindows = new Map<string, number>();

  function refuse(key: string, window: Window): never {
    if (refusedUntil.size >= MAX_REMEMBERED) refusedUntil.clear();
    refusedUntil.set(key, window.start + window.ms);
    throw new TooManyRequests(retryAfterOf(window));
  }

  /** One atomic ADD on the caller's bucket for this window (the rate-limits table). */
  async function countInBucket(bucket: string, limit: RateLimit, window: Window): Promise<void> {
    const { Attributes } = await deps.db.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: { bucket },
        UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':expiresAt': expiresAtOf(window) },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    if (Number(Attributes?.['count'] ?? 0) > limit.requests) refuse(bucket, window);
  }

  /**
   * Counts the request on the user's record: its count, or the tombstone the condition found.
   * The record's own expiry is a minute after the window, as a bucket's; a tombstone is never
   * touched (every write here is conditioned on its absence).
   */
  async function countOnRecord(accountsTableName: string, userId: string, window: Window): Promise<{ count: number } | { tombstone: DeletedAccountRecord['status'] | undefined }> {
    let sameWindow = userWindows.get(userId) === window.start;
    let windowStart = window.start;
    for (let attempt = 0; attempt < MAX_COUNTER_ATTEMPTS; attempt += 1) {
      // Remembered before the write is answered: this instance's other calls already in flight
      // (the twin serves many at once) then add to the window this one starts, not start it again.
      if (userWindows.size >= MAX_REMEMBERED) userWindows.clear();
      userWindows.set(userId, windowStart);
      try {
        const { Attributes } = await deps.db.send(
          new UpdateCommand({
            TableName: accountsTableName,
            Key: { userId },
            UpdateExpression: sameWindow ? 'SET #requests = #requests + :one, expiresAt = :expiresAt' : 'SET #requests = :one, windowStart = :windowStart, expiresAt = :expiresAt',
            ConditionExpression: sameWindow
              ? 'attribute_not_exists(#status) AND windowStart = :windowStart'
              : 'attribute_not_exists(#status) AND (attribute_not_exists(windowStart) OR windowStart < :windowStart)',
            ExpressionAttributeNames: { '#requests': 'requests', '#status': 'status' },
            ExpressionAttributeValues: { ':one': 1, ':windowStart': windowStart, ':expiresAt': expiresAtOf({ ...window, start: windowStart }) },
            ReturnValues: 'UPDATED_NEW',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return { count: Number(Attributes?.['requests'] ?? 0) };
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        // The record as it was: a tombstone, or a count in another window than we guessed.
        const found = (error as { Item?: Record<string, AttributeValue> }).Item ?? {};
        const status = found['status']?.S;
        if (status === 'deleting' || status === 'deleted') {
          // DynamoDB removes expired items lazily: an expired tombstone counts as gone (as the gate's read does).
          const expiresAt = numberOf(found['expiresAt']);
          if (status === 'deleted' && expiresAt !== undefined && expiresAt * 1000 <= window.nowMs) return { tombstone: undefined };
          return { tombstone: status };
        }
        const counted = numberOf(found['windowStart']);
        // Another instance's clock may already be in the next window: count in theirs.
        sameWindow = counted !== undefined && counted >= window.start;
        windowStart = sameWindow ? counted! : window.start;
      }
    }
    throw new Error(`The request counter of a user changed under ${MAX_COUNTER_ATTEMPTS} writes in a row`);
  }

  return {
    /**
     * Counts a public-API request on its key (one atomic ADD on the key's bucket for the window in
     * the rate-limits table) and answers where the key stands, or refuses it over the limit.
     */
    async admitKey(keyId: string): Promise<RateQuota> {
      const limit = deps.limits().key ?? defaultRateLimits.key;
      const nowMs = deps.clock.now().getTime();
      const ms = limit.windowSeconds * 1000;
      const window: Window = { start: Math.floor(nowMs / ms) * ms, ms, nowMs };
      const bucket = `key#${keyId}#${window.start}`;
      const quotaOf = (count: number): RateQuota => ({ limit: limit.requests, remaining: Math.max(0, limit.requests - count), resetSeconds: retryAfterOf(window), windowSeconds: limit.windowSeconds });
      if ((refusedUntil.get(bucket) ?? 0) > nowMs) throw new TooManyRequests(retryAfterOf(window), quotaOf(limit.requests));
      const { Attributes } = await deps.db.send(
        new UpdateCommand({
          TableName: deps.tableName,
          Key: { bucket },
          UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':expiresAt': expiresAtOf(window) },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const count = Number(Attributes?.['count'] ?? 0);
      if (count > limit.requests) {
        if (refusedUntil.size >= MAX_REMEMBERED) refusedUntil.clear();
        refusedUntil.set(bucket, window.start + window.ms);
        throw new TooManyRequests(retryAfterOf(window), quotaOf(count));
      }
      return quotaOf(count);
    },

    /**
     * Counts the request and refuses it when its caller is over the limit. For a signed-in user,
     * it answers what the account gate needs to know: whether their deletion has started.
     */
    async admit(route: RouteDefinition, user: UserIdentity | undefined, event: ApiEvent): Promise<Admission> {
      const isUser = route.auth === 'user' && user !== undefined;
      const limit = isUser ? deps.limits().user : (route.addressLimit ?? deps.limits().public);
      // A hash of the user id: the rate-limits table names nobody (see its userData declaration).
      const caller = isUser ? `user#${hashed(user.userId)}` : `address#${routeKey(route)}#${callerNetwork(callerAddress(event, deps.originSecret))}`;
      const nowMs = deps.clock.now().getTime();
      const ms = limit.windowSeconds * 1000;
      const window: Window = { start: Math.floor(nowMs / ms) * ms, ms, nowMs };
      const bucket = `${caller}#${window.start}`;
      if ((refusedUntil.get(bucket) ?? 0) > nowMs) throw new TooManyRequests(retryAfterOf(window));

      if (!isUser || !deps.accountsTableName) {
        await countInBucket(bucket, limit, window);
        return {};
      }
      const counted = await countOnRecord(deps.accountsTableName, user.userId, window);
      if ('count' in counted) {
        if (counted.count > limit.requests) refuse(bucket, window);
        return { seen: 'none' };
      }
      await countInBucket(bucket, limit, window);
      return { seen: counted.tombstone ?? 'none' };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
