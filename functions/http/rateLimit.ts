import { createHash, timingSafeEqual } from 'node:crypto';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { routeKey, type RouteDefinition } from '../../shared/api/routes';
import type { Clock } from '../clock';
import { ConfigurationError } from '../config';
import { DomainError } from '../errors';
import type { UserIdentity } from '../services/memberships';
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
 * override them for a deployment.
 */
export const defaultRateLimits = {
  user: { requests: 60, windowSeconds: 5 },
  public: { requests: 50, windowSeconds: 5 },
} as const satisfies Record<string, RateLimit>;

export class TooManyRequests extends DomainError {
  /** Sent as the Retry-After header (RFC 9110 §10.2.3), so clients need not parse the words. */
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'TooManyRequests', `Too many requests in a short time. Please wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'} and try again.`);
  }
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

/** How many refused buckets a function instance remembers (so a flood costs no table writes). */
const MAX_REMEMBERED_REFUSALS = 10_000;

/**
 * A fixed-window counter per caller in DynamoDB: one atomic ADD per admitted request, shared by
 * every instance of every function. Once a caller is over its limit, this instance refuses it
 * from memory until the window ends, so a flood costs one Lambda invocation per request and no
 * further writes.
 */
export function createRateLimiter(deps: {
  db: DynamoDBDocumentClient;
  tableName: string;
  clock: Clock;
  limits: () => { user: RateLimit; public: RateLimit };
  originSecret?: string;
}) {
  const refusedUntil = new Map<string, number>();

  return {
    async admit(route: RouteDefinition, user: UserIdentity | undefined, event: ApiEvent): Promise<void> {
      const limit = route.auth === 'user' ? deps.limits().user : deps.limits().public;
      // A hash of the user id: the table names nobody (see its userData declaration).
      const caller = route.auth === 'user' && user ? `user#${hashed(user.userId)}` : `address#${routeKey(route)}#${callerNetwork(callerAddress(event, deps.originSecret))}`;
      const nowMs = deps.clock.now().getTime();
      const windowMs = limit.windowSeconds * 1000;
      const windowStart = Math.floor(nowMs / windowMs) * windowMs;
      const retryAfter = () => Math.max(1, Math.ceil((windowStart + windowMs - nowMs) / 1000));
      const bucket = `${caller}#${windowStart}`;
      if ((refusedUntil.get(bucket) ?? 0) > nowMs) throw new TooManyRequests(retryAfter());

      const { Attributes } = await deps.db.send(
        new UpdateCommand({
          TableName: deps.tableName,
          Key: { bucket },
          UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':expiresAt': Math.ceil((windowStart + windowMs) / 1000) + 60 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      if (Number(Attributes?.['count'] ?? 0) > limit.requests) {
        if (refusedUntil.size >= MAX_REMEMBERED_REFUSALS) refusedUntil.clear();
        refusedUntil.set(bucket, windowStart + windowMs);
        throw new TooManyRequests(retryAfter());
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
