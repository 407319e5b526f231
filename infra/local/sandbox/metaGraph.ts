import { bearerToken, isRecord, json, readForm, readJson, type SandboxRequest, type SandboxResponse } from './http';
import { checkAccessToken, randomText, type AccessCheck } from './oauth';
import type { PlatformContext } from './platform';
import type { Progression } from './processing';

/**
 * Meta's Graph API wire format, for the platforms Meta serves through it (each names its own
 * dialect in its folder's api.ts): the error answer, the refusal of a token, where a call's access
 * token comes from, a call's parameters and `fields`, a media container's processing, and the
 * answer of GET /{id}/insights (as the Graph API's "Handling Errors" guide describes the errors).
 */

export interface GraphErrorDetails {
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
}

/** {"error":{"message","type","code","error_subcode",…details,"fbtrace_id"}}: how the Graph API refuses a call. */
export type GraphError = (code: number, message: string, subcode?: number, details?: GraphErrorDetails) => SandboxResponse;

/** Where one platform's Graph API answers differently from the others. */
export interface GraphDialect {
  /** The realm of the WWW-Authenticate header that comes with an invalid token (code 190). */
  realm: string;
  /** The error's HTTP status: 400 unless the dialect says otherwise. */
  status?: (details: GraphErrorDetails) => number;
  /** The error's type: OAuthException unless the dialect says otherwise. */
  type?: (code: number) => string;
}

export function graphErrors(dialect: GraphDialect): GraphError {
  return (code, message, subcode, details = {}) => {
    const headers: Record<string, string> = code === 190 ? { 'www-authenticate': `OAuth "${dialect.realm}" "invalid_token" "${message}"` } : {};
    return json(
      dialect.status?.(details) ?? 400,
      { error: { message, type: dialect.type?.(code) ?? 'OAuthException', code, ...(subcode === undefined ? {} : { error_subcode: subcode }), ...details, fbtrace_id: randomText(27) } },
      headers,
    );
  };
}

/**
 * A refused token in the Graph API's words. A revoked token is one whose user removed the app
 * (subcode 458) unless the caller says otherwise (`revoked`).
 */
export function graphTokenRefused(
  graphError: GraphError,
  context: PlatformContext,
  check: Extract<AccessCheck, { failure: string }>,
  revoked: () => SandboxResponse = () => graphError(190, `Error validating access token: The user has not authorized application ${context.client.clientId}.`, 458),
): SandboxResponse {
  switch (check.failure) {
    case 'missing':
      return graphError(2500, 'An active access token must be used to query information about the current user.');
    case 'unknown':
      return graphError(190, 'Invalid OAuth access token - Cannot parse access token');
    case 'expired': {
      const expiredAt = new Date(check.token?.expiresAt ?? context.now()).toUTCString();
      return graphError(190, `Error validating access token: Session has expired on ${expiredAt}. The current time is ${new Date(context.now()).toUTCString()}.`, 463);
    }
    case 'revoked':
      return revoked();
  }
}

/** A Graph call's token: the access_token parameter (the query's, else the form's) or a bearer header. */
export function graphToken(request: SandboxRequest, formToken?: string | null): string | undefined {
  return request.query.get('access_token') ?? formToken ?? bearerToken(request);
}

/** The token of a call, checked. */
export function graphAccess(context: PlatformContext, request: SandboxRequest, formToken?: string | null): AccessCheck {
  return checkAccessToken(context, graphToken(request, formToken));
}

/** Query parameters, then the body's (a form or a JSON object). */
export async function graphParameters(request: SandboxRequest): Promise<URLSearchParams> {
  const merged = new URLSearchParams(request.query);
  if (request.method !== 'POST') return merged;
  const form = await readForm(request);
  const body = form ?? (await readJson(request));
  const entries: Array<[string, string]> = form
    ? [...form.entries()]
    : isRecord(body)
      ? Object.entries(body).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)])
      : [];
  for (const [name, value] of entries) if (!merged.has(name)) merged.set(name, value);
  return merged;
}

/** The `fields` a read asks for (`id` when none), or the refusal of one the node does not have. */
export function graphFields(graphError: GraphError, params: URLSearchParams, known: string[], node: string): string[] | SandboxResponse {
  const fields = (params.get('fields') ?? 'id').split(',').map((field) => field.trim()).filter(Boolean);
  const unknown = fields.find((field) => !known.includes(field));
  return unknown ? graphError(100, `(#100) Tried accessing nonexisting field (${unknown}) on node type (${node})`) : fields;
}

/** A media container's status, as its status read reports it. */
export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

/** What a container's processing reads and changes; `Failure` is how the platform records why it failed. */
export interface ProcessedContainer<Media, Failure> {
  status: ContainerStatus;
  media: Media[];
  /** A video being fetched: its media, or why it failed. */
  download?: Promise<Media | Failure>;
  failure?: Failure;
  processing?: Progression;
  expiresAt: number;
}

/**
 * One status read of a container: a video being fetched arrives (or fails), a container not
 * published in time expires, and the planned outcome shows once its reads are done (`failed`
 * turns a planned failure's reason into the platform's record of it).
 */
export async function advanceContainer<Media, Failure extends object>(
  container: ProcessedContainer<Media, Failure>,
  now: number,
  isFailure: (downloaded: Media | Failure) => downloaded is Failure,
  failed: (reason: string | undefined) => Failure,
): Promise<void> {
  if (container.status === 'IN_PROGRESS' && container.download) {
    const downloaded = await container.download;
    container.download = undefined;
    if (isFailure(downloaded)) {
      container.status = 'ERROR';
      container.failure = downloaded;
      return;
    }
    container.media = [downloaded];
  }
  if ((container.status === 'IN_PROGRESS' || container.status === 'FINISHED') && container.expiresAt <= now) {
    container.status = 'EXPIRED';
    return;
  }
  if (container.status !== 'IN_PROGRESS' || !container.processing?.read()) return;
  const { outcome, reason } = container.processing.plan;
  if (outcome === 'fail') {
    container.status = 'ERROR';
    container.failure = failed(reason);
  } else {
    container.status = outcome === 'expire' ? 'EXPIRED' : 'FINISHED';
  }
}

/** The metrics an insights call asks for (`metric=a,b`). */
export function requestedMetrics(request: SandboxRequest): string[] {
  return (request.query.get('metric') ?? '').split(',').map((name) => name.trim()).filter(Boolean);
}

/** The answer of GET /{id}/insights: each metric's lifetime value, described as "Lifetime <metric> of the <describedAs>" where the dialect describes them. */
export function lifetimeInsights(id: string, metricNames: string[], values: Record<string, unknown>, describedAs?: string): SandboxResponse {
  return json(200, {
    data: metricNames.map((name) => ({
      name,
      period: 'lifetime',
      values: [{ value: values[name] }],
      title: name,
      ...(describedAs === undefined ? {} : { description: `Lifetime ${name} of the ${describedAs}` }),
      id: `${id}/insights/${name}/lifetime`,
    })),
  });
}
