import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiScope } from '../../../../shared/api/publicApi';
import { mcpAuthorizationQuerySchema, type McpAuthorizationRequest } from '../../../../shared/api/mcp';
import { ErrorBox, Spinner } from '../../components/ui/Form';
import { Logo } from '../../components/ui/Logo';
import { ApiError } from '../../lib/apiClient';
import { useAuth } from '../auth';
import { currentWorkspaceId, switchWorkspace, useWorkspaces } from '../workspaces';
import { useConsent, useDecideConsent } from './api';
import { keepPendingConnect, takePendingConnect } from './pendingConnect';
import './connectAssistant.css';

const reasonOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

/** The authorization request the page was opened with, when it is one. */
function requestOf(params: URLSearchParams): McpAuthorizationRequest | undefined {
  const parsed = mcpAuthorizationQuerySchema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : undefined;
}

/**
 * Where an MCP client's sign-in lands (/connect-assistant?client_id=…, sent by the authorization
 * endpoint; docs/mcp.md). Signed out, it keeps the request for after sign-in; signed in, it names
 * the assistant and where it returns, and the person picks the workspace and what it may do, then
 * allows or denies. The browser goes back to the assistant either way.
 */
export function ConnectAssistantPage() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const request = useMemo(() => requestOf(params), [params]);
  const consent = useConsent(request);
  const workspaces = useWorkspaces();
  const decide = useDecideConsent();
  const ids = { workspace: useId(), workspaceHint: useId() };
  const [workspaceId, setWorkspaceId] = useState<string | undefined>();
  const [scopes, setScopes] = useState<ApiScope[] | undefined>();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (status === 'signedOut' && request) keepPendingConnect(search);
    if (status === 'signedIn') takePendingConnect();
  }, [status, request, search]);

  const owned = workspaces.data?.workspaces ?? [];
  const chosenWorkspace = owned.find((workspace) => workspace.workspaceId === workspaceId) ?? owned.find((workspace) => workspace.workspaceId === currentWorkspaceId()) ?? owned[0];
  const chosenScopes = scopes ?? consent.data?.requestedScopes ?? [];

  function answer(approve: boolean) {
    if (!request || !chosenWorkspace) return;
    // The connection is made in the chosen workspace: the app's calls name it as the current one.
    switchWorkspace(chosenWorkspace.personal ? undefined : chosenWorkspace.workspaceId);
    decide.mutate(
      { request, approve, scopes: approve ? chosenScopes : [] },
      {
        onSuccess: ({ location }) => {
          setLeaving(true);
          globalThis.location.assign(location);
        },
      },
    );
  }

  const toggle = (scope: ApiScope, on: boolean) => setScopes(on ? [...chosenScopes, scope] : chosenScopes.filter((item) => item !== scope));
  return (
    <main className="connect-assistant-page">
      <div className="card">
        <p className="logo">
          <Logo /> {t('common.appName')}
        </p>
        <h1>{t('mcp.title')}</h1>
        {!request && <ErrorBox>{t('mcp.badRequest', { reason: '' })}</ErrorBox>}
        {request && status === 'loading' && <Spinner label={t('common.loading')} />}
        {request && status === 'signedOut' && (
          <>
            <p>{t('mcp.signInFirst')}</p>
            <div className="connect-assistant-actions">
              <Link className="button primary" to="/login">
                {t('mcp.signIn')}
              </Link>
            </div>
          </>
        )}
        {request && status === 'signedIn' && (consent.isPending || workspaces.isPending) && <Spinner label={t('common.loading')} />}
        {consent.isError && <ErrorBox>{t('mcp.badRequest', { reason: reasonOf(consent.error) })}</ErrorBox>}
        {consent.data && chosenWorkspace && (
          <>
            <p data-testid="assistant-asks">
              <strong>{t('mcp.asks', { client: consent.data.clientName })}</strong>
            </p>
            <p className="field-hint">{t('mcp.returnsTo', { origin: consent.data.redirectOrigin })}</p>
            <div className="field">
              <label htmlFor={ids.workspace}>{t('mcp.workspace')}</label>
              <select id={ids.workspace} value={chosenWorkspace.workspaceId} onChange={(event) => setWorkspaceId(event.target.value)} aria-describedby={ids.workspaceHint}>
                {owned.map((workspace) => (
                  <option key={workspace.workspaceId} value={workspace.workspaceId}>
                    {workspace.name}
                  </option>
                ))}
              </select>
              <p id={ids.workspaceHint} className="field-hint">
                {t('mcp.workspaceHint')}
              </p>
            </div>
            <fieldset className="connect-assistant-scopes">
              <legend>{t('mcp.scopes')}</legend>
              {consent.data.requestedScopes.map((scope) => (
                <label key={scope} className="connect-assistant-scope">
                  <input type="checkbox" checked={chosenScopes.includes(scope)} onChange={(event) => toggle(scope, event.target.checked)} />
                  <span>
                    <strong>{t(`apiKeys.scope.${scope}`)}</strong>
                    <span className="field-hint">{t(`apiKeys.scopeHint.${scope}`)}</span>
                  </span>
                </label>
              ))}
              <p className="field-hint">{chosenScopes.length === 0 ? t('mcp.noScope') : t('apiKeys.roleHint')}</p>
            </fieldset>
            <div className="connect-assistant-actions">
              <button type="button" className="button primary" disabled={decide.isPending || leaving || chosenScopes.length === 0} onClick={() => answer(true)}>
                {t('mcp.allow')}
              </button>
              <button type="button" className="button secondary" disabled={decide.isPending || leaving} onClick={() => answer(false)}>
                {t('mcp.deny')}
              </button>
            </div>
            {leaving && <Spinner label={t('mcp.sending')} />}
            <p className="field-hint">{t('mcp.revokeHint')}</p>
          </>
        )}
        {decide.isError && <ErrorBox>{reasonOf(decide.error)}</ErrorBox>}
      </div>
    </main>
  );
}
