import type { HandlerGroupName } from '../../shared/api/routes';
import { tableEnvName } from '../../shared/resources/tables';
import { createAccountGate, type AccountGate } from '../http/accountGate';
import type { HttpDependencies } from '../http/httpHandler';
import { createRateLimiter, defaultRateLimits, parseLimit, type RateLimiter } from '../http/rateLimit';
import { createDeletedAccounts } from '../services/deletedAccounts';
import { createWorkspaceGate, type WorkspaceGate } from '../http/workspaceGate';
import { createMaillessWorkspaceService } from '../services/workspaces';
import { activityLog } from './activity';
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
  return {
    logger: createLogger(group),
    accountGate: accountGate(),
    workspaceGate: workspaceGate(),
    rateLimiter: rateLimiter(),
    // Built on the first action recorded: a function that only reads never opens it.
    activity: { record: (record) => activityLog().record(record) },
  };
}
