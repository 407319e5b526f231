import type { ApiKeyAccount } from '../../shared/api/apiKeys';
import { platformNames, type Platform } from '../../shared/platforms';
import type { RouteId } from '../../shared/api/routes';
import { DomainError } from '../errors';

/**
 * A key limited to some of the workspace's accounts (docs/api.md, "Keys limited to accounts"):
 * it may name only those accounts in a request (a post's targets, a queue's account, a queue
 * preview's accounts), act only on posts whose every target is one of them, and the post,
 * approval and account lists it reads show only those. Everything else a key's scope and role
 * allow is not limited by account (My Content, storage, the workspace's analytics summary, best times, the CSV export).
 */
export class AccountOutsideKey extends DomainError {
  constructor(account?: ApiKeyAccount) {
    super(
      403,
      'AccountOutsideKey',
      account
        ? `This API key is limited to some of the workspace's accounts, and the ${platformNames[account.platform]} account ${account.accountId} is not one of them.`
        : "This API key is limited to some of the workspace's accounts, and this post is for others too.",
    );
  }
}

const accountKey = (account: { platform: string; accountId: string }) => `${account.platform}#${account.accountId}`;

function isAccount(value: unknown): value is ApiKeyAccount {
  return typeof value === 'object' && value !== null && typeof (value as ApiKeyAccount).platform === 'string' && typeof (value as ApiKeyAccount).accountId === 'string';
}

/** The accounts a request names: its path's queue account, its body's targets and queue accounts. */
export function accountsNamedIn(input: { path: unknown; body: unknown }): ApiKeyAccount[] {
  const named: ApiKeyAccount[] = [];
  if (isAccount(input.path)) named.push({ platform: input.path.platform as Platform, accountId: input.path.accountId });
  const body = typeof input.body === 'object' && input.body !== null ? (input.body as Record<string, unknown>) : {};
  for (const field of ['targets', 'accounts'] as const) {
    const list = body[field];
    if (Array.isArray(list)) named.push(...list.filter(isAccount));
  }
  return named;
}

/** Refuses (AccountOutsideKey) when an account named is not among the key's. */
export function checkAccounts(allowed: readonly ApiKeyAccount[], named: readonly ApiKeyAccount[]): void {
  const keys = new Set(allowed.map(accountKey));
  const outside = named.find((account) => !keys.has(accountKey(account)));
  if (outside) throw new AccountOutsideKey(outside);
}

/** Whether every one of a post's targets is among the key's accounts (a post with none — an empty draft — is). */
export function postWithin(allowed: readonly ApiKeyAccount[], targets: readonly ApiKeyAccount[]): boolean {
  const keys = new Set(allowed.map(accountKey));
  return targets.every((target) => keys.has(accountKey(target)));
}

type PostLike = { targets: ApiKeyAccount[] };

/** A list's answer with only what the key's accounts show: posts (every target among them), approvals, connections. */
export function withinAccounts(id: RouteId, output: unknown, allowed: readonly ApiKeyAccount[]): unknown {
  if (id === 'listPosts' || id === 'listApprovals') {
    const page = output as { posts: PostLike[] };
    return { ...page, posts: page.posts.filter((post) => postWithin(allowed, post.targets)) };
  }
  if (id === 'listConnections') {
    const keys = new Set(allowed.map(accountKey));
    const list = output as { connections: { platform: string; platformUserId: string }[] };
    return { ...list, connections: list.connections.filter((connection) => keys.has(`${connection.platform}#${connection.platformUserId}`)) };
  }
  return output;
}
