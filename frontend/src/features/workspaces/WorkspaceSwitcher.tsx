import { useEffect, useId } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Workspace } from '../../../../shared/api/workspaces';
import { ErrorBox } from '../../components/ui/Form';
import { useAuth } from '../auth';
import { useWorkspaces } from './api';
import { clearLostAccess, switchWorkspace, useCurrentWorkspaceId, useLostAccess } from './currentWorkspace';

const PERSONAL = 'personal';

export function workspaceName(workspace: Pick<Workspace, 'personal' | 'name'>, personalName: string): string {
  return workspace.personal ? personalName : workspace.name;
}

/**
 * Keeps the URL and the current workspace together: a link with ?workspace=<id> opens that
 * workspace; in a shared workspace every dashboard page carries it, so its address can be shared.
 */
export function useWorkspaceInUrl(): string | undefined {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const current = useCurrentWorkspaceId();
  const inUrl = params.get('workspace') ?? undefined;
  useEffect(() => {
    const wanted = inUrl === user?.userId ? undefined : inUrl;
    if (inUrl !== undefined && wanted !== current) {
      switchWorkspace(wanted);
      queryClient.clear();
      return;
    }
    if (inUrl === undefined && current !== undefined) {
      const next = new URLSearchParams(params);
      next.set('workspace', current);
      navigate({ pathname: location.pathname, search: `?${next.toString()}`, hash: location.hash }, { replace: true });
    }
  }, [inUrl, current, user?.userId, location.pathname, location.hash, navigate, params, queryClient]);
  return current;
}

/** The sidebar's workspace picker: the personal workspace and every shared one, with the caller's role. */
export function WorkspaceSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const list = useWorkspaces();
  const current = useCurrentWorkspaceId();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  function choose(value: string) {
    const workspaceId = value === PERSONAL ? undefined : value;
    switchWorkspace(workspaceId);
    queryClient.clear();
    navigate({ pathname: location.pathname, search: workspaceId ? `?workspace=${workspaceId}` : '' });
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

/** A removed member's page, on its next request: said in words, with the way back to their own workspace. */
export function LostAccessNotice() {
  const { t } = useTranslation();
  const lost = useLostAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!lost) return null;
  return (
    <ErrorBox>
      <p>{lost}</p>
      <button
        type="button"
        className="button secondary"
        onClick={() => {
          switchWorkspace(undefined);
          clearLostAccess();
          queryClient.clear();
          navigate('/dashboard');
        }}
      >
        {t('workspaces.backToPersonal')}
      </button>
    </ErrorBox>
  );
}
