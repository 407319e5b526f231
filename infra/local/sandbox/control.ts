import { z } from 'zod';
import { platforms, type Platform } from '../../../shared/platforms';
import type { FaultInput, Faults } from './faults';
import type { RecordedCall, RequestLog } from './requestLog';
import { publishedPost, type FeedStore, type PublishedPost } from './feed';
import { empty, json, type SandboxResponse } from './http';
import type { EventLog, LimitValues } from './limits';
import type { MediaStore } from './media';
import { decideConsent } from './oauth';
import type { PlatformContext, PlatformSandbox } from './platform';
import type { ProcessingInput, ProcessingPlans } from './processing';
import type { SandboxStore } from './store';

/**
 * Test controls: act as the user at the platform (consent, remove the app), move time on tokens,
 * inject faults, steer media processing and quotas, look at what was issued and published. In
 * process through `Sandbox.control`, and for other processes as a JSON HTTP API on the
 * sandbox's own origin:
 *
 *   POST /_sandbox/consent               {platform, authorizeUrl, account, displayName?, decision} → 200 {redirectUrl}
 *   POST /_sandbox/revoke-access         {platform, account}                                        → 204
 *   POST /_sandbox/expire-access-tokens  {platform, account}                                        → 204
 *   POST /_sandbox/faults                {platform, method, path, hostKey?, account?, status?, body?, headers?,
 *                                         delayMs?, dropConnection?: 'before'|'after', times?}      → 204
 *                                        (or route instead of path; expireToken: true; or afterFault: true
 *                                         instead of method and path: the next request after another fault)
 *   GET  /_sandbox/tokens?platform=<p>                                                              → 200 {tokens: IssuedToken[]}
 *   POST /_sandbox/processing            {platform, outcome: 'succeed'|'fail'|'expire', reads?, reason?} → 204
 *   POST /_sandbox/limits                {platform, name, value}                                    → 204
 *   GET  /_sandbox/limits?platform=<p>                                                              → 200 {limits: {name: value}}
 *   GET  /_sandbox/feed?platform=<p>&account=<a>                                                    → 200 {posts: PublishedPost[]}
 *   POST /_sandbox/faults/clear[?platform=<p>]                                                                 → 204
 *   GET  /_sandbox/requests?platform=<p>                                                            → 200 {requests: RecordedCall[]}
 *   POST /_sandbox/requests/clear                                                                   → 204
 *   POST /_sandbox/reset                                                                            → 204
 *
 * faults: see faults.ts (status answers instead of the platform; dropConnection closes the
 * connection before the request has an effect or after it; delayMs answers late).
 * processing: how the processing of the platform's next created media ends and after how many
 * status reads (processing.ts; each call applies to one media item, in order).
 * limits: each platform's quotas and rate limits by name (declared by each platform's sandbox,
 * listed by GET /_sandbox/limits); they hold until reset.
 * feed: what the account published, newest first, one post per successful create call.
 *
 * A refused call answers 400 (or 404 for an unknown account) with {error: "<why>"}.
 * `connectSandboxControl` (controlClient.ts) is the same interface over this API.
 */

export interface ConsentInput {
  /** The authorize URL the app sent the browser to (its path must be the platform's dialog). */
  authorizeUrl: string;
  account: string;
  displayName?: string;
  decision: 'allow' | 'deny';
}

export interface IssuedToken {
  kind: 'access' | 'refresh';
  account: string;
  revoked: boolean;
  /** Epoch ms; null = does not expire by time. */
  expiresAt: number | null;
}

export interface SandboxControl {
  /** The user's decision on the consent page: returns where the browser would be redirected. */
  consent(platform: Platform, input: ConsentInput): Promise<string>;
  /** The user removed our app at the platform: all the account's tokens are revoked. */
  revokeAccess(platform: Platform, account: string): Promise<void>;
  /** The account's access tokens expire now. */
  expireAccessTokens(platform: Platform, account: string): Promise<void>;
  injectFault(fault: FaultInput): Promise<void>;
  tokens(platform: Platform): Promise<IssuedToken[]>;
  /** How the processing of the platform's next created media (upload, container) ends. */
  setProcessing(platform: Platform, processing: ProcessingInput): Promise<void>;
  /** Sets one of the platform's quotas or rate limits (names: `limits`). */
  setLimit(platform: Platform, name: string, value: number): Promise<void>;
  /** The platform's quotas and rate limits with their current values. */
  limits(platform: Platform): Promise<Record<string, number>>;
  /** What the sandbox account published on the platform, newest first. */
  feed(platform: Platform, account: string): Promise<{ posts: PublishedPost[] }>;
  /** Forgets the faults not yet used up (of one platform, or all). */
  clearFaults(platform?: Platform): Promise<void>;
  /** The platform requests served since the last reset or clearRequests, oldest first (requestLog.ts). */
  requests(platform: Platform): Promise<RecordedCall[]>;
  clearRequests(): Promise<void>;
  /** Forgets every account, code, token, fault, processing plan, limit, upload and post. */
  reset(): Promise<void>;
}

/** A control call the sandbox refuses; `status` is what the HTTP API answers. */
export class SandboxControlError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 = 400,
  ) {
    super(message);
    this.name = 'SandboxControlError';
  }
}

export interface PlatformRuntime {
  context: PlatformContext;
  sandbox: PlatformSandbox;
}

export interface ControlDependencies {
  runtimes: Record<Platform, PlatformRuntime>;
  store: SandboxStore;
  faults: Faults;
  feed: FeedStore;
  media: MediaStore;
  processing: ProcessingPlans;
  limits: LimitValues;
  events: EventLog[];
  requestLog: RequestLog;
}

/** Runs a store operation, turning its refusal into a control error. */
function refusing<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    throw new SandboxControlError(error instanceof Error ? error.message : String(error));
  }
}

export function createControl(dependencies: ControlDependencies): SandboxControl {
  const { runtimes, store, faults, feed, media, processing, limits, events, requestLog } = dependencies;

  function knownAccount(platform: Platform, account: string): void {
    if (!store.account(platform, account)) throw new SandboxControlError(`no ${platform} sandbox account "${account}"`, 404);
  }

  return {
    async consent(platform, input) {
      const { context, sandbox } = runtimes[platform];
      let url: URL;
      try {
        url = new URL(input.authorizeUrl);
      } catch {
        throw new SandboxControlError('authorizeUrl is not a URL');
      }
      // The dialog's path as the platform's routes see it (a versioned path, /v24.0/dialog/oauth, is the dialog too).
      const isDialog = sandbox.authorize.endpoints.some((endpoint) => {
        const prefix = `/${platform}/${endpoint.hostKey}`;
        if (!url.pathname.startsWith(`${prefix}/`)) return false;
        const path = url.pathname.slice(prefix.length);
        return (sandbox.canonicalPath?.(endpoint.hostKey, path) ?? path) === endpoint.path;
      });
      if (!isDialog) throw new SandboxControlError(`${url.pathname} is not the ${platform} sandbox's authorize endpoint`);
      const outcome = decideConsent(context, sandbox.authorize, url.searchParams, input);
      switch (outcome.kind) {
        case 'redirect':
          return outcome.location;
        case 'refused':
          throw new SandboxControlError(`${outcome.refusal.error}: ${outcome.refusal.description}`);
        case 'problem':
          throw new SandboxControlError(outcome.problem);
      }
    },
    async revokeAccess(platform, account) {
      knownAccount(platform, account);
      store.revokeAccount(platform, account);
    },
    async expireAccessTokens(platform, account) {
      knownAccount(platform, account);
      store.expireAccessTokens(platform, account);
    },
    async injectFault(fault) {
      refusing(() => faults.inject(fault));
    },
    async tokens(platform) {
      return store.tokens(platform).map((token) => ({ kind: token.kind, account: token.account, revoked: token.revoked, expiresAt: token.expiresAt }));
    },
    async setProcessing(platform, input) {
      refusing(() => processing.add(platform, input));
    },
    async setLimit(platform, name, value) {
      refusing(() => limits.set(platform, name, value));
    },
    async limits(platform) {
      return limits.all(platform);
    },
    async feed(platform, account) {
      knownAccount(platform, account);
      return { posts: feed.list(platform, account).map(publishedPost) };
    },
    async clearFaults(platform) {
      faults.clear(platform);
    },
    async requests(platform) {
      return requestLog.list(platform);
    },
    async clearRequests() {
      requestLog.clear();
    },
    async reset() {
      requestLog.clear();
      store.reset();
      faults.clear();
      processing.clear();
      limits.clear();
      for (const log of events) log.clear();
      for (const runtime of Object.values(runtimes)) runtime.sandbox.reset?.();
      feed.clear();
      await media.clear();
    },
  };
}

const platformSchema = z.enum(platforms);
const accountActionSchema = z.object({ platform: platformSchema, account: z.string().min(1) });
const consentSchema = z.object({
  platform: platformSchema,
  authorizeUrl: z.string(),
  account: z.string(),
  displayName: z.string().optional(),
  decision: z.enum(['allow', 'deny']),
});
const faultSchema = z.object({
  platform: platformSchema,
  method: z.string().min(1).optional(),
  path: z.string().min(1).optional(),
  route: z.string().min(1).optional(),
  hostKey: z.string().optional(),
  account: z.string().optional(),
  status: z.number().int().optional(),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  delayMs: z.number().int().optional(),
  dropConnection: z.enum(['before', 'after']).optional(),
  expireToken: z.boolean().optional(),
  times: z.number().int().optional(),
  skip: z.number().int().optional(),
  afterFault: z.boolean().optional(),
});
const processingSchema = z.object({
  platform: platformSchema,
  outcome: z.enum(['succeed', 'fail', 'expire']),
  account: z.string().optional(),
  reads: z.number().int().min(0).optional(),
  reason: z.string().min(1).optional(),
});
const limitSchema = z.object({ platform: platformSchema, name: z.string().min(1), value: z.number().int().min(0) });

function platformParameter(query: URLSearchParams): Platform {
  const platform = platformSchema.safeParse(query.get('platform'));
  if (!platform.success) throw new SandboxControlError(`platform must be one of ${platforms.join(', ')}`);
  return platform.data;
}

function parse<T>(schema: z.ZodType<T>, body: Buffer): T {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8') || 'null');
  } catch {
    throw new SandboxControlError('the body must be JSON');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new SandboxControlError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
  return parsed.data;
}

/** The control operations as the JSON HTTP API listed above (`path` is after `/_sandbox`). */
export async function controlApi(control: SandboxControl, method: string, path: string, query: URLSearchParams, body: () => Promise<Buffer>): Promise<SandboxResponse> {
  try {
    const route = `${method} ${path}`;
    switch (route) {
      case 'POST /consent': {
        const { platform, ...input } = parse(consentSchema, await body());
        return json(200, { redirectUrl: await control.consent(platform, input) });
      }
      case 'POST /revoke-access': {
        const { platform, account } = parse(accountActionSchema, await body());
        await control.revokeAccess(platform, account);
        return empty(204);
      }
      case 'POST /expire-access-tokens': {
        const { platform, account } = parse(accountActionSchema, await body());
        await control.expireAccessTokens(platform, account);
        return empty(204);
      }
      case 'POST /faults':
        await control.injectFault(parse(faultSchema, await body()));
        return empty(204);
      case 'GET /tokens':
        return json(200, { tokens: await control.tokens(platformParameter(query)) });
      case 'POST /processing': {
        const { platform, ...input } = parse(processingSchema, await body());
        await control.setProcessing(platform, input);
        return empty(204);
      }
      case 'POST /limits': {
        const { platform, name, value } = parse(limitSchema, await body());
        await control.setLimit(platform, name, value);
        return empty(204);
      }
      case 'GET /limits':
        return json(200, { limits: await control.limits(platformParameter(query)) });
      case 'GET /feed': {
        const platform = platformParameter(query);
        const account = query.get('account');
        if (!account) throw new SandboxControlError('account is required');
        return json(200, await control.feed(platform, account));
      }
      case 'POST /faults/clear':
        await control.clearFaults(query.get('platform') ? platformParameter(query) : undefined);
        return empty(204);
      case 'GET /requests':
        return json(200, { requests: await control.requests(platformParameter(query)) });
      case 'POST /requests/clear':
        await control.clearRequests();
        return empty(204);
      case 'POST /reset':
        await control.reset();
        return empty(204);
      default:
        return json(404, { error: `no control operation ${route}` });
    }
  } catch (error) {
    if (error instanceof SandboxControlError) return json(error.status, { error: error.message });
    throw error;
  }
}
