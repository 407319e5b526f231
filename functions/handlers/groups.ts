import type { HandlerGroupName } from '../../shared/api/routes';
import type { TableKey } from '../../shared/resources/tables';
import type { BucketKey } from '../../shared/resources/buckets';

/**
 * What each handler group touches. The stack grants exactly this, and passes the names in
 * the environment; the handler reads only these at cold start.
 */
export interface HandlerGroupNeeds {
  readonly entry: string;
  readonly tables: Partial<Record<TableKey, 'read' | 'readWrite'>>;
  readonly buckets: Partial<Record<BucketKey, 'read' | 'readWrite'>>;
  /** Uses platform connections: the token key (encrypt/decrypt) and the platforms' credentials. */
  readonly platformAccess?: boolean;
  /** Starts PublishPost executions (the state machine's ARN and the platform functions' names). */
  readonly startsPublishing?: boolean;
}

export const handlerGroups: Record<HandlerGroupName, HandlerGroupNeeds> = {
  me: { entry: 'functions/handlers/me.ts', tables: { memberships: 'readWrite' }, buckets: {} },
  connections: {
    entry: 'functions/handlers/connections.ts',
    tables: { memberships: 'readWrite', connections: 'readWrite', oauthStates: 'readWrite' },
    buckets: {},
    platformAccess: true,
  },
  posts: {
    entry: 'functions/handlers/posts.ts',
    tables: { memberships: 'readWrite', connections: 'read', posts: 'readWrite' },
    buckets: { media: 'read' },
    startsPublishing: true,
  },
  uploads: { entry: 'functions/handlers/uploads.ts', tables: {}, buckets: { media: 'readWrite' } },
};

/** The Lambdas the PublishPost state machine invokes. */
export const publishingFunctions = {
  /** One per platform (same code, ONECLICK_PLATFORM says which): the publish steps of a target. */
  publishStep: {
    entry: 'functions/handlers/publishStep.ts',
    needs: {
      tables: { posts: 'readWrite', connections: 'readWrite' },
      buckets: { media: 'read' },
      platformAccess: true,
    } satisfies Omit<HandlerGroupNeeds, 'entry'>,
  },
  finalizePost: {
    entry: 'functions/handlers/finalizePost.ts',
    needs: { tables: { posts: 'readWrite' }, buckets: {} } satisfies Omit<HandlerGroupNeeds, 'entry'>,
  },
} as const;

/** Functions run on a schedule rather than by a route. */
export const scheduledJobs = {
  refreshTokens: {
    entry: 'functions/handlers/refreshTokens.ts',
    description: 'Refreshes platform tokens that are due and flags connections that will need the user',
    everyMinutes: 15,
    needs: { tables: { connections: 'readWrite' }, buckets: {}, platformAccess: true } satisfies Omit<HandlerGroupNeeds, 'entry'>,
  },
} as const;
