import { importedCount, routeActivity } from '../../shared/api/authorization';
import type { ActivityTarget } from '../../shared/api/activity';
import type { RouteId } from '../../shared/api/routes';
import type { ActivityRecord } from '../services/activityLog';
import type { UserIdentity } from '../services/memberships';
import type { WorkspaceAccess } from '../services/workspaces';

/** The ids an activity keeps from a route's path, body and answer (only these: a post's text stays on the post). */
const TARGET_FIELDS = ['postId', 'memberId', 'email', 'role', 'platform', 'accountId', 'invitationId', 'linkId', 'feedId', 'keyId', 'endpointId'] as const;

function pickTarget(...sources: unknown[]): ActivityTarget {
  const target: Record<string, string> = {};
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    for (const field of TARGET_FIELDS) {
      const value = (source as Record<string, unknown>)[field];
      if (typeof value === 'string' && target[field] === undefined) target[field] = value;
    }
  }
  return target;
}

/** A webhook endpoint as created or with its secret rotated comes as `{ endpoint, secret }`: the endpoint, never the secret. */
const endpointOf = (output: unknown): unknown => (typeof output === 'object' && output !== null && 'secret' in output ? (output as { endpoint?: unknown }).endpoint : output);

/** A post's answer gives the log a line of it (a review link's, its label; an API key's, its name; a webhook endpoint's, its address), so the log reads without opening each. */
function excerptOf(answer: unknown): string | undefined {
  const output = endpointOf(answer);
  if (typeof output !== 'object' || output === null) return undefined;
  if ('endpointId' in output) {
    const { url } = output as { url?: unknown };
    return typeof url === 'string' ? url : undefined;
  }
  const { label, name } = output as { label?: unknown; name?: unknown };
  if ('linkId' in output && typeof label === 'string') return label;
  if ('keyId' in output && typeof name === 'string') return name;
  if ('feedId' in output) {
    const { title, url } = output as { title?: unknown; url?: unknown };
    return typeof title === 'string' && title ? title : typeof url === 'string' ? url : undefined;
  }
  if (!('postId' in output)) return undefined;
  const { title, description } = output as { title?: unknown; description?: unknown };
  const text = (typeof title === 'string' && title.trim()) || (typeof description === 'string' ? description : '');
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/**
 * What a successful call records in the activity log, from the rule table's `routeActivity`:
 * undefined when the route records nothing (or its answer says nothing happened). The actor is
 * the verified caller; the workspace is the one the gate admitted them to (or, for joining, the
 * one the answer names).
 */
export function activityOf(
  id: RouteId,
  call: { caller: UserIdentity | undefined; workspace: WorkspaceAccess | undefined; path: unknown; body: unknown; output: unknown },
): ActivityRecord | undefined {
  const rule = routeActivity[id];
  if (!rule || !call.caller) return undefined;
  const workspaceId = rule.workspaceFromOutput ? (call.output as { workspaceId?: unknown } | undefined)?.workspaceId : call.workspace?.workspaceId;
  if (typeof workspaceId !== 'string') return undefined;
  const kind = typeof rule.kind === 'function' ? rule.kind(call.output, call.body) : rule.kind;
  if (!kind) return undefined;
  const excerpt = excerptOf(call.output);
  const count = kind === 'posts.imported' ? importedCount(call.output) : undefined;
  const target = { ...pickTarget(call.path, call.body, endpointOf(call.output)), ...(excerpt ? { excerpt } : {}), ...(count !== undefined ? { count } : {}) };
  return { workspaceId, kind, actor: { type: 'member', userId: call.caller.userId, email: call.caller.email }, target };
}
