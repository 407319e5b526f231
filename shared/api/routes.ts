import { z } from 'zod';
import './plainMessages';
import { meSchema } from './membership';
import {
  accountPathSchema,
  authorizationSchema,
  connectionListSchema,
  oauthCallbackQuerySchema,
  platformParamSchema,
  redirectSchema,
} from './connections';
import { createPostSchema, listPostsQuerySchema, postIdSchema, postPageSchema, postSchema } from './posts';
import { abortUploadSchema, completeUploadSchema, createUploadSchema, uploadedMediaSchema, uploadSessionSchema } from './uploads';

/**
 * The API route table: the one list of routes. The CDK Api construct, the offline twin's HTTP
 * server, the handlers and the front end's typed client all read it.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Lambda function groups; each is functions/handlers/<group>.ts. */
export const handlerGroupNames = ['me', 'connections', 'posts', 'uploads'] as const;
export type HandlerGroupName = (typeof handlerGroupNames)[number];

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path template, e.g. /posts/{postId}. */
  readonly path: string;
  /** 'user': a verified Cognito token is required; 'public': no authorizer. */
  readonly auth: 'user' | 'public';
  readonly handler: HandlerGroupName;
  readonly summary: string;
  readonly input: {
    readonly path?: z.ZodType;
    readonly query?: z.ZodType;
    readonly body?: z.ZodType;
  };
  readonly output: z.ZodType;
  /** The implementation returns { location } and the API answers 302 (browser redirects). */
  readonly redirect?: boolean;
  /**
   * A tighter limit than the stage default, for public routes a stranger can call in a loop
   * (API Gateway route throttling: steady requests per second and burst).
   */
  readonly throttle?: { readonly ratePerSecond: number; readonly burst: number };
}

/** Route throttling for public entry points: far above human pace, far below an attack's. */
export const publicEntryThrottle = { ratePerSecond: 10, burst: 20 } as const;

export const routes = {
  getMe: {
    method: 'GET',
    path: '/me',
    auth: 'user',
    handler: 'me',
    summary: 'The signed-in user with their membership; creates the default free membership on first call.',
    input: {},
    output: meSchema,
  },
  listConnections: {
    method: 'GET',
    path: '/connections',
    auth: 'user',
    handler: 'connections',
    summary: "The user's connected accounts (no tokens), the platforms available, and the account quota.",
    input: {},
    output: connectionListSchema,
  },
  startConnection: {
    method: 'POST',
    path: '/connections/{platform}/authorize',
    auth: 'user',
    handler: 'connections',
    summary: "Starts OAuth: a single-use state bound to the user and platform; returns the platform's consent URL.",
    input: { path: platformParamSchema },
    output: authorizationSchema,
  },
  completeConnection: {
    method: 'GET',
    path: '/connections/{platform}/callback',
    auth: 'public',
    handler: 'connections',
    summary: 'Where the platform sends the browser back: checks the state, stores the connection, redirects to /auth/callback.',
    input: { path: platformParamSchema, query: oauthCallbackQuerySchema },
    output: redirectSchema,
    redirect: true,
    throttle: publicEntryThrottle,
  },
  disconnectConnection: {
    method: 'DELETE',
    path: '/connections/{platform}/{accountId}',
    auth: 'user',
    handler: 'connections',
    summary: 'Revokes at the platform where it can, deletes the tokens, marks the connection disconnected.',
    input: { path: accountPathSchema },
    output: z.undefined(),
  },
  createPost: {
    method: 'POST',
    path: '/posts',
    auth: 'user',
    handler: 'posts',
    summary: 'Creates a post for the chosen connected accounts and starts publishing it (now or at scheduledFor).',
    input: { body: createPostSchema },
    output: postSchema,
  },
  listPosts: {
    method: 'GET',
    path: '/posts',
    auth: 'user',
    handler: 'posts',
    summary: 'A page of one list (scheduled soonest first; publishing and published newest first), optionally for one platform.',
    input: { query: listPostsQuerySchema },
    output: postPageSchema,
  },
  getPost: {
    method: 'GET',
    path: '/posts/{postId}',
    auth: 'user',
    handler: 'posts',
    summary: 'One post with each target\'s status, link and error.',
    input: { path: postIdSchema },
    output: postSchema,
  },
  retryPost: {
    method: 'POST',
    path: '/posts/{postId}/retry',
    auth: 'user',
    handler: 'posts',
    summary: 'Publishes the failed targets of a post again; the published ones are left alone.',
    input: { path: postIdSchema },
    output: postSchema,
  },
  createUpload: {
    method: 'POST',
    path: '/uploads',
    auth: 'user',
    handler: 'uploads',
    summary: "Starts a multipart upload under the user's prefix; returns presigned URLs to PUT each part straight to S3.",
    input: { body: createUploadSchema },
    output: uploadSessionSchema,
  },
  completeUpload: {
    method: 'POST',
    path: '/uploads/complete',
    auth: 'user',
    handler: 'uploads',
    summary: 'Assembles the parts, checks the content matches the extension (else deletes it), and reads a video\'s metadata.',
    input: { body: completeUploadSchema },
    output: uploadedMediaSchema,
  },
  abortUpload: {
    method: 'POST',
    path: '/uploads/abort',
    auth: 'user',
    handler: 'uploads',
    summary: 'Abandons a multipart upload of the user and frees its parts.',
    input: { body: abortUploadSchema },
    output: z.undefined(),
  },
} as const satisfies Record<string, RouteDefinition>;

export type RouteId = keyof typeof routes;
export type Routes = typeof routes;

export const routeIds = Object.keys(routes) as RouteId[];

type SchemaOutput<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type RouteInput<Id extends RouteId> = {
  [K in keyof Routes[Id]['input']]: SchemaOutput<Routes[Id]['input'][K]>;
};
export type RouteOutput<Id extends RouteId> = z.infer<Routes[Id]['output']>;

export function routeKey(route: RouteDefinition): string {
  return `${route.method} ${route.path}`;
}

/** Fills a path template: ('/posts/{postId}', { postId: 'a b' }) -> '/posts/a%20b'. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}
