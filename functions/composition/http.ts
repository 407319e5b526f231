import type { HandlerGroupName } from '../../shared/api/routes';
import { tableEnvName } from '../../shared/resources/tables';
import { createAccountGate, type AccountGate } from '../http/accountGate';
import type { Logger } from '@aws-lambda-powertools/logger';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiKeyAccount } from '../../shared/api/apiKeys';
import type { HttpDependencies } from '../http/httpHandler';
import { createRateLimiter, defaultRateLimits, parseLimit, type RateLimiter } from '../http/rateLimit';
import { createDeletedAccounts } from '../services/deletedAccounts';
import { createWorkspaceGate, type WorkspaceGate } from '../http/workspaceGate';
import { createMaillessWorkspaceService } from '../services/workspaces';
import { activityLog } from './activity';
import { apiKeyService } from './apiKeys';
import { createKeyGate, type KeyGate } from '../http/keyGate';
import { clock, createLogger, documentClient, tableName } from './shared';

let gate: AccountGate | undefined;
/** Refuses users whose deletion started: every API function reads the deleted-accounts table. */
export function accountGate(): AccountGate {
  return (gate ??= createAccountGate(createDeletedAccounts({ db: documentClient(), tableName: tableName('deletedAccounts'), clock })));
}

let rolesGate: WorkspaceGate | undefined;
/** Finds the caller's role in the current workspace: every API function reads members in the memberships table. */
export function workspaceGate(): WorkspaceGate {
  // The gate only reads roles: its service sends no mail (and so keeps SES out of every bundle).
  return (rolesGate ??= createWorkspaceGate(createMaillessWorkspaceService({ db: documentClient(), tableName: tableName('memberships'), clock }, 'The workspace gate')));
}

let keys: KeyGate | undefined;
/** The public API's door: every API function verifies keys on the memberships table (a GetItem, and the last use at most once a minute). */
export function keyGate(logger: Logger): KeyGate {
  return (keys ??= createKeyGate(apiKeyService(), { logger, originSecret: process.env['ONECLICK_ORIGIN_SECRET'] || undefined }));
}

/**
 * A post's accounts (its targets' platform and account), for a key limited to some accounts acting
 * on a post by its id: one GetItem of the targets alone. Given by the groups with such routes.
 */
export async function postAccounts(workspaceId: string, postId: string): Promise<ApiKeyAccount[] | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName('posts'), Key: { userId: workspaceId, postId }, ProjectionExpression: 'targets', ConsistentRead: true }),
  );
  const targets = Item?.['targets'] as Record<string, ApiKeyAccount> | undefined;
  return targets ? Object.values(targets).map(({ platform, accountId }) => ({ platform, accountId })) : undefined;
}

/**
 * The rate limiter, when the function has the rate-limits table (the stack and the twin give it
 * to every API function). The limits are read on each request (a parse of two short strings):
 * the twin's benchmarks that drive one user in bulk raise them for their run in the same process.
 */
function rateLimiter(): RateLimiter | undefined {
  const rateLimitsTable = process.env[tableEnvName('rateLimits')];
  if (!rateLimitsTable) return undefined;
  return createRateLimiter({
    db: documentClient(),
    tableName: rateLimitsTable,
    // A user's counter is on their record in the deleted-accounts table, with the tombstone the gate reads.
    accountsTableName: tableName('deletedAccounts'),
    clock,
    limits: () => ({
      user: parseLimit(process.env['ONECLICK_RATE_LIMIT_USER'], defaultRateLimits.user, 'ONECLICK_RATE_LIMIT_USER'),
      public: parseLimit(process.env['ONECLICK_RATE_LIMIT_PUBLIC'], defaultRateLimits.public, 'ONECLICK_RATE_LIMIT_PUBLIC'),
      key: parseLimit(process.env['ONECLICK_RATE_LIMIT_KEY'], defaultRateLimits.key, 'ONECLICK_RATE_LIMIT_KEY'),
    }),
    ...(process.env['ONECLICK_ORIGIN_SECRET'] ? { originSecret: process.env['ONECLICK_ORIGIN_SECRET'] } : {}),
  });
}

/**
 * What an API function's HTTP layer needs: its logger, the account gate, the rate limiter and the
 * activity log. A
 * group with idempotent routes adds idempotency (composition/idempotency.ts); the HTTP layer
 * refuses to build such a group without it.
 */
export function apiDependencies(group: HandlerGroupName): HttpDependencies {
  const logger = createLogger(group);
  return {
    logger,
    keyGate: keyGate(logger),
    accountGate: accountGate(),
    workspaceGate: workspaceGate(),
    rateLimiter: rateLimiter(),
    // Built on the first action recorded: a function that only reads never opens it.
    activity: { record: (record) => activityLog().record(record) },
  };
}
