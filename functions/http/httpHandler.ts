import { createHash } from 'node:crypto';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import type * as z from '../../shared/zod';
import {
  routeIds,
  routeKey,
  routes,
  type HandlerGroupName,
  type RouteDefinition,
  type RouteId,
  type RouteInput,
  type RouteOutput,
  type Routes,
} from '../../shared/api/routes';
import { AuthenticationRequired, DomainError, InvalidInput, NotFound, type FieldIssue } from '../errors';
import type { UserIdentity } from '../services/memberships';
import type { AccountGate } from './accountGate';
import type { WorkspaceAccess } from '../services/workspaces';
import type { WorkspaceGate } from './workspaceGate';
import type { ApiEvent, ApiResult } from './apiEvent';
import { responseCookiesOf } from './cookies';
import { rateLimitHeaders, TooManyRequests, type RateLimiter, type RateQuota } from './rateLimit';
import type { Idempotency } from './idempotency';
import type { ActivityLog } from '../services/activityLog';
import { activityOf } from './activityRecorder';
import { idempotencyKeyOf } from './idempotencyKey';
import { isPublicApiRoute, publicApiPath } from '../../shared/api/publicApi';
import type { ApiKeyAccount } from '../../shared/api/apiKeys';
import { ApiKeyRefused, type ApiKeyItem } from '../services/apiKeys';
import { NotAWorkspaceMember } from '../services/workspaces';
import type { KeyGate } from './keyGate';
import { AccountOutsideKey, accountsNamedIn, checkAccounts, postWithin, withinAccounts } from './keyAccounts';
import { problemDetails, problemResult } from './problemDetails';

export type { ApiEvent, ApiResult } from './apiEvent';

export type RoutesOfGroup<G extends HandlerGroupName> = {
  [Id in RouteId]: Routes[Id]['handler'] extends G ? Id : never;
}[RouteId];

export interface RouteRequest<Id extends RouteId> {
  /**
   * Whose data the route reads and writes, as the services' partition: on a workspace route, the
   * current workspace (its id as `userId`; a personal workspace's id is its user's id) with the
   * caller's e-mail; on a route about the person, the verified caller. Always present on routes
   * with auth 'user'.
   */
  user: Routes[Id]['auth'] extends 'user' ? UserIdentity : UserIdentity | undefined;
  /** The verified person calling (the same as `user` outside shared workspaces). */
  caller: Routes[Id]['auth'] extends 'user' ? UserIdentity : UserIdentity | undefined;
  /** The current workspace and the caller's role in it, on workspace routes (shared/api/authorization.ts). */
  workspace: WorkspaceAccess | undefined;
  input: RouteInput<Id>;
  event: ApiEvent;
  /** The Lambda's context (its remaining time bounds a row's idempotency lock in an import). */
  context?: Context | undefined;
}

export type RouteImplementation<Id extends RouteId> = (request: RouteRequest<Id>) => Promise<RouteOutput<Id>>;

export type GroupImplementation<G extends HandlerGroupName> = {
  [Id in RoutesOfGroup<G>]: RouteImplementation<Id>;
};

const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

function json(statusCode: number, body: unknown): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

/**
 * The answer of a route flagged `cache`: the same for every caller, so it carries an ETag (a hash
 * of the body) and may be kept for a while; a request naming that ETag in If-None-Match gets 304
 * and no body.
 */
function cacheable(body: unknown, maxAgeSeconds: number, event: ApiEvent): ApiResult {
  const text = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
  const headers = { etag, 'cache-control': `public, max-age=${maxAgeSeconds}` };
  const known = event.headers?.['if-none-match']?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (known?.includes(etag) || known?.includes('*')) return { statusCode: 304, headers };
  return { statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: text };
}

/** The message names the first few problems; `issues` lists them all. */
const MAX_ISSUES_IN_MESSAGE = 5;

function issuesOf(error: z.ZodError, part: string): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: [part, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = issuesOf(parsed.error, part);
  const shown = issues.slice(0, MAX_ISSUES_IN_MESSAGE).map((issue) => `${issue.path}: ${issue.message}`);
  if (issues.length > MAX_ISSUES_IN_MESSAGE) shown.push(`and ${issues.length - MAX_ISSUES_IN_MESSAGE} more`);
  const summary = shown.join('; ');
  throw new InvalidInput(`Invalid input — ${summary}`, issues);
}

function readBody(event: ApiEvent): unknown {
  if (event.body === undefined || event.body === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidInput('The request body is not valid JSON');
  }
}

/** The caller as the JWT authorizer (or the twin's equivalent) verified them. */
export function callerOf(event: ApiEvent): UserIdentity | undefined {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const sub = claims?.['sub'];
  if (typeof sub !== 'string' || sub === '') return undefined;
  const email = claims?.['email'];
  return { userId: sub, email: typeof email === 'string' ? email : '' };
}

/** What the HTTP layer of an API function is given by the composition root (functions/composition/http.ts). */
export interface HttpDependencies {
  logger: Logger;
  /** Refuses callers whose account deletion started. */
  accountGate: AccountGate;
  /** Finds the current workspace and decides the route from the caller's role in it. */
  workspaceGate: WorkspaceGate;
  /** Absent only where the function has no rate-limits table (a unit test of the wrapper alone). */
  rateLimiter?: RateLimiter | undefined;
  /** Required when the group has idempotent routes: it keeps their answers per Idempotency-Key. */
  idempotency?: Idempotency | undefined;
  /** Where a successful write the rule table names is recorded (shared/api/authorization.ts, routeActivity). */
  activity?: Pick<ActivityLog, 'record'> | undefined;
  /** The public API's key check (/v1 routes); without it, the group answers no /v1 route. */
  keyGate?: KeyGate | undefined;
  /**
   * A post's accounts, for a key limited to some accounts acting on a post by its id: given by the
   * groups with such routes (posts, analytics); elsewhere such a key is refused on them.
   */
  postAccounts?: ((workspaceId: string, postId: string) => Promise<ApiKeyAccount[] | undefined>) | undefined;
}

/** The member who made the key is no longer in its workspace: their keys stop working at once. */
const CREATOR_GONE_MESSAGE = 'This API key no longer works: the member who made it is no longer in its workspace. Make a new key in Settings → API keys.';

/** Whether a group has a route flagged idempotent (its function then needs the idempotency table). */
export function hasIdempotentRoutes(group: HandlerGroupName): boolean {
  return routeIds.some((id) => {
    const route: RouteDefinition = routes[id];
    return route.handler === group && route.idempotent === true;
  });
}

/**
 * One Lambda per handler group: finds the route from the event's routeKey, checks the caller,
 * validates the input with the route's schemas, calls the implementation and maps domain errors
 * to status codes. Implementations never see raw events' untrusted shapes.
 */
export function createHttpHandler<G extends HandlerGroupName>(
  group: G,
  implementation: GroupImplementation<G>,
  { logger, accountGate, workspaceGate, rateLimiter, idempotency, activity, keyGate, postAccounts }: HttpDependencies,
) {
  const byRouteKey = new Map<string, { id: RouteId; route: RouteDefinition; viaKey: boolean }>();
  for (const id of routeIds) {
    const route: RouteDefinition = routes[id];
    if (route.handler !== group) continue;
    byRouteKey.set(routeKey(route), { id, route, viaKey: false });
    // The public API: the same route at /v1<path>, with an API key instead of the sign-in (shared/api/publicApi.ts).
    if (isPublicApiRoute(id)) byRouteKey.set(routeKey({ ...route, path: publicApiPath(route.path) }), { id, route, viaKey: true });
  }

  if (hasIdempotentRoutes(group) && !idempotency) throw new Error(`The ${group} function has idempotent routes but was built without idempotency`);

  function parseInput(route: RouteDefinition, event: ApiEvent) {
    return {
      path: parsePart(route.input.path, event.pathParameters ?? {}, 'path'),
      query: parsePart(route.input.query, event.queryStringParameters ?? {}, 'query'),
      body: parsePart(route.input.body, route.input.body ? readBody(event) : undefined, 'body'),
    };
  }

  /** Runs the route's implementation, once per Idempotency-Key on idempotent routes, and records its activity. */
  async function execute(
    id: RouteId,
    route: RouteDefinition,
    call: { user: UserIdentity | undefined; workspace: WorkspaceAccess | undefined; input: ReturnType<typeof parseInput>; event: ApiEvent; context?: Context | undefined; scope: string },
  ): Promise<unknown> {
    const { user, workspace, input, event, context } = call;
    const owner = user && workspace ? { userId: workspace.workspaceId, email: user.email } : user;
    const implement = implementation[id as RoutesOfGroup<G>] as unknown as (
      request: RouteRequest<RouteId>,
    ) => Promise<unknown>;
    const run = async () => {
      const output = await implement({ user: owner as UserIdentity, caller: user as UserIdentity, workspace, input: input as never, event, context });
      // Recorded once per action: inside the idempotent run, so a replayed answer records nothing again.
      const record = activity ? activityOf(id, { caller: user, workspace, path: input.path, body: input.body, output }) : undefined;
      if (record) {
        // The action happened: a log that could not be written is reported, never the caller's error.
        await activity!.record(record).catch((error: unknown) => logger.error('The activity log could not record an action', { route: id, kind: record.kind, error: error as Error }));
      }
      return output;
    };
    // Routes flagged idempotent run at most once per Idempotency-Key (functions/http/idempotency.ts).
    const key = route.idempotent ? idempotencyKeyOf(event.headers) : undefined;
    return key && idempotency ? await idempotency.once({ scope: call.scope, key, input }, context, run) : await run();
  }

  function answer(route: RouteDefinition, event: ApiEvent, output: unknown, headers: Record<string, string> = {}): ApiResult {
    // A raw route answered its whole HTTP result (the MCP transport, the OAuth endpoints).
    if (route.raw) return output as ApiResult;
    const cookies = responseCookiesOf(output);
    if (route.redirect) {
      const { location } = output as { location: string };
      return { statusCode: 302, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }, body: '', ...(cookies ? { cookies } : {}) };
    }
    if (route.cache && output !== undefined) return cacheable(output, route.cache.maxAgeSeconds, event);
    const result = output === undefined ? { statusCode: 204, headers: {} } : { ...json(200, output), ...(cookies ? { cookies } : {}) };
    return { ...result, headers: { ...result.headers, ...headers } };
  }

  async function dispatchApp(id: RouteId, route: RouteDefinition, event: ApiEvent, context?: Context): Promise<ApiResult> {
    const user = callerOf(event);
    if (route.auth === 'user' && !user) throw new AuthenticationRequired();
    const admission = await rateLimiter?.admit(route, user, event);
    // The limiter counts a user's call on their record and reads a deletion in the same write.
    if (user) await accountGate.admit(user.userId, id, admission?.seen);
    const workspace = user ? await workspaceGate.admit(user, id, event) : undefined;
    const input = parseInput(route, event);
    // One person's keys, per workspace: a personal workspace keeps the scope it had before workspaces.
    const scope = workspace && !workspace.personal ? `${workspace.workspaceId}#${user?.userId}#${id}` : `${user?.userId ?? 'anonymous'}#${id}`;
    return answer(route, event, await execute(id, route, { user, workspace, input, event, context, scope }));
  }

  /** A key limited to some accounts: the accounts the request names, and the post it acts on, must be among them. */
  async function checkKeyAccounts(key: ApiKeyItem, input: ReturnType<typeof parseInput>): Promise<void> {
    if (!key.accounts) return;
    checkAccounts(key.accounts, accountsNamedIn(input));
    const postId = (input.path as { postId?: unknown } | undefined)?.postId;
    if (typeof postId !== 'string') return;
    if (!postAccounts) throw new AccountOutsideKey();
    const targets = await postAccounts(key.userId, postId);
    // A post that does not exist is the route's to refuse, in its own words.
    if (targets && !postWithin(key.accounts, targets)) throw new AccountOutsideKey();
  }

  /**
   * The public API (/v1): the key is the only credential and the workspace is the key's. Its
   * scope, its maker's account and current role (the same gates as the app), its rate limit and
   * its accounts are checked; every answer carries the key's RateLimit-* headers and every error
   * is a problem document (RFC 9457).
   */
  async function dispatchKey(id: RouteId, route: RouteDefinition, event: ApiEvent, context?: Context): Promise<ApiResult> {
    let quota: RateQuota | undefined;
    try {
      if (!keyGate) throw new NotFound(`No route for ${event.routeKey}`);
      const key = await keyGate.admit(event, id);
      quota = await rateLimiter?.admitKey(key.keyId);
      const user: UserIdentity = { userId: key.createdBy, email: key.createdByEmail };
      await accountGate.admit(user.userId, id);
      let workspace: WorkspaceAccess | undefined;
      try {
        workspace = await workspaceGate.admit(user, id, event, key.userId);
      } catch (error) {
        if (error instanceof NotAWorkspaceMember) throw new ApiKeyRefused(CREATOR_GONE_MESSAGE);
        throw error;
      }
      const input = parseInput(route, event);
      await checkKeyAccounts(key, input);
      const output = await execute(id, route, { user, workspace, input, event, context, scope: `${key.userId}#key#${key.keyId}#${id}` });
      return answer(route, event, key.accounts ? withinAccounts(id, output, key.accounts) : output, quota ? rateLimitHeaders(quota) : {});
    } catch (error) {
      const headers = quota ? rateLimitHeaders(quota) : {};
      if (error instanceof DomainError) {
        if (error instanceof TooManyRequests) {
          Object.assign(headers, error.quota ? rateLimitHeaders(error.quota) : {}, { 'retry-after': String(error.retryAfterSeconds) });
        }
        return problemResult(problemDetails(error.status, error.code, error.message, error.issues), headers);
      }
      logger.error('Unhandled error', { routeKey: event.routeKey, error: error as Error });
      return problemResult(problemDetails(500, 'InternalError', INTERNAL_ERROR_MESSAGE), headers);
    }
  }

  async function dispatch(event: ApiEvent, context?: Context): Promise<ApiResult> {
    const match = byRouteKey.get(event.routeKey);
    if (!match) throw new NotFound(`No route for ${event.routeKey}`);
    return match.viaKey ? dispatchKey(match.id, match.route, event, context) : dispatchApp(match.id, match.route, event, context);
  }

  const errorMapper = {
    onError: async (request: middy.Request<ApiEvent, ApiResult, Error, Context>) => {
      const error = request.error;
      if (error instanceof DomainError) {
        request.response = json(error.status, { code: error.code, message: error.message, issues: error.issues });
        if (error instanceof TooManyRequests) request.response.headers = { ...request.response.headers, 'retry-after': String(error.retryAfterSeconds) };
        return;
      }
      logger.error('Unhandled error', { routeKey: request.event.routeKey, error: error as Error });
      request.response = json(500, { code: 'InternalError', message: INTERNAL_ERROR_MESSAGE, issues: [] });
    },
  };

  return middy<ApiEvent, ApiResult, Error, Context>()
    .use(injectLambdaContext(logger))
    .use(errorMapper)
    .handler(dispatch);
}
