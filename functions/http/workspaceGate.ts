import { actionWords, roleMay, routeRules, type RouteRule } from '../../shared/api/authorization';
import type { RouteId } from '../../shared/api/routes';
import { WORKSPACE_HEADER, workspaceIdSchema } from '../../shared/api/workspaces';
import { DomainError, InvalidInput } from '../errors';
import type { UserIdentity } from '../services/memberships';
import type { WorkspaceAccess, WorkspaceService } from '../services/workspaces';
import type { ApiEvent } from './apiEvent';

/** The caller's role does not allow the route's action (shared/api/authorization.ts). */
export class RoleForbidden extends DomainError {
  constructor(role: string, words: string) {
    super(403, 'RoleForbidden', `Your role in this workspace (${role}) cannot ${words}. Ask its owner or an admin if you need to.`);
  }
}

/**
 * The one place roles are checked: finds the current workspace (the request's workspace header;
 * none means the caller's personal workspace), the caller's role in it, and decides the route
 * from the rule table. Routes about the person, and public ones, have no workspace.
 */
export interface WorkspaceGate {
  /** `workspaceId`: the workspace an API key belongs to, which the request's header cannot change. */
  admit(user: UserIdentity, route: RouteId, event: ApiEvent, workspaceId?: string): Promise<WorkspaceAccess | undefined>;
}

export function workspaceIdOf(event: Pick<ApiEvent, 'headers'>): string | undefined {
  const value = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === WORKSPACE_HEADER)?.[1]?.trim();
  if (value === undefined || value === '') return undefined;
  if (!workspaceIdSchema.safeParse(value).success) throw new InvalidInput(`The ${WORKSPACE_HEADER} header does not name a workspace.`);
  return value;
}

export function createWorkspaceGate(workspaces: Pick<WorkspaceService, 'access'>): WorkspaceGate {
  return {
    async admit(user, route, event, workspaceId) {
      const rule: RouteRule = routeRules[route];
      if (rule.scope !== 'workspace') return undefined;
      const access = await workspaces.access(user, workspaceId ?? workspaceIdOf(event));
      if (!roleMay(access.role, rule.action)) throw new RoleForbidden(access.role, actionWords[rule.action]);
      return access;
    },
  };
}
