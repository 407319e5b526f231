import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Workspace } from '../../../../shared/api/workspaces';
import { ErrorBox } from '../../components/ui/Form';
import { useAuth } from '../auth';
import { useWorkspaces } from './api';
import './switcher.css';
import { clearLostAccess, switchWorkspace, useCurrentWorkspaceId, useLostAccess } from './currentWorkspace';

const PERSONAL = 'personal';

export function workspaceName(workspace: Pick<Workspace, 'personal' | 'name'>, personalName: string): string {
  return workspace.personal ? personalName : workspace.name;
}

/**
 * Keeps the URL and the current workspace together. When the address changes (a link opened, the
 * back button), it leads: ?workspace=<id> opens that workspace. When the workspace changes (the
 * switcher, leaving, a lost membership), it leads: the address follows. In a shared workspace
 * every dashboard page carries ?workspace=<id>, so its address can be shared.
 */
export function useWorkspaceInUrl(): string | undefined {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const current = useCurrentWorkspaceId();
  const inUrl = params.get('workspace') ?? undefined;
  // null: nothing seen yet, so the address a page opens with counts as a change and leads.
  const lastSeen = useRef<string | undefined | null>(null);
  useEffect(() => {
    const addressChanged = lastSeen.current !== inUrl;
    lastSeen.current = inUrl;
    const named = inUrl === user?.userId ? undefined : inUrl;
    if (addressChanged && inUrl !== undefined && named !== current) {
      switchWorkspace(named);
      queryClient.clear();
      return;
    }
    if (inUrl === current || (current === undefined && inUrl === undefined)) return;
    const next = new URLSearchParams(params);
    if (current) next.set('workspace', current);
    else next.delete('workspace');
    const search = next.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [inUrl, current, user?.userId, location.pathname, location.hash, navigate, params, queryClient]);
  return current;
}

/** The sidebar's workspace picker: the personal workspace and every shared one, with the caller's role. */
export function WorkspaceSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const list = useWorkspaces();
  const current = useCurrentWorkspaceId();
  const open = useOpenWorkspace();
  const location = useLocation();

  function choose(value: string) {
    open(value === PERSONAL ? undefined : value, location.pathname);
  }

  const workspaces = list.data?.workspaces ?? [];
  const invitations = list.data?.invitations ?? [];
  return (
    <div className="workspace-switcher">
      <label htmlFor={id}>{t('workspaces.label')}</label>
      <select id={id} value={current ?? PERSONAL} onChange={(event) => choose(event.target.value)} disabled={list.isPending} data-testid="workspace-switcher">
        {workspaces.length === 0 && <option value={current ?? PERSONAL}>{list.isError ? t('workspaces.unavailable') : t('common.loading')}</option>}
        {workspaces.map((workspace) => (
          <option key={workspace.workspaceId} value={workspace.personal ? PERSONAL : workspace.workspaceId}>
            {workspace.personal ? workspaceName(workspace, t('workspaces.personal')) : `${workspace.name} · ${t(`workspaces.roles.${workspace.role}`)}`}
          </option>
        ))}
      </select>
      <Link to="/dashboard/workspace" className="workspace-manage">
        {t('workspaces.manage')}
      </Link>
      {invitations.length > 0 && (
        <p className="workspace-invitations" role="status">
          {t('workspaces.invitationsWaiting', { count: invitations.length })}
        </p>
      )}
    </div>
  );
}

/**
 * Opens a workspace (undefined: the personal one) at a page by its address alone: the address
 * leads (useWorkspaceInUrl switches and starts the page afresh), so nothing races it.
 */
export function useOpenWorkspace() {
  const navigate = useNavigate();
  const { user } = useAuth();
  return (workspaceId: string | undefined, pathname = '/dashboard') => {
    const id = workspaceId ?? user?.userId;
    navigate({ pathname, search: id ? `?workspace=${id}` : '' });
  };
}

/** A removed member's page, on its next request: said in words, with the way back to their own workspace. */
export function LostAccessNotice() {
  const { t } = useTranslation();
  const lost = useLostAccess();
  const open = useOpenWorkspace();
  if (!lost) return null;
  return (
    <ErrorBox>
      <p>{lost}</p>
      <button
        type="button"
        className="button secondary"
        onClick={() => {
          clearLostAccess();
          open(undefined);
        }}
      >
        {t('workspaces.backToPersonal')}
      </button>
    </ErrorBox>
  );
}
