import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isPlatform, platformNames, platforms, type Platform } from '../../../../../shared/platforms';
import type { Connection } from '../../../../../shared/api/connections';
import { PageTitle } from '../../../components/ui/PageTitle';
import { ErrorBox, NoticeBox } from '../../../components/ui/Form';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { UpgradeHint } from '../../../components/ui/UpgradeHint';
import { SandboxOnlyNote } from '../../../components/ui/SandboxOnlyNote';
import { ApiError } from '../../../lib/apiClient';
import { startedPlatform, useConnections, useDisconnect, useStartConnection } from '../api/connections';
import { PlatformCard } from './PlatformCard';
import { connectErrorText } from './connectErrorText';

/** The words for an error: ours by code when we know it, else the server's message. */
function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown, platform?: Platform, max?: number | null): string => {
    const name = platform ? platformNames[platform] : '';
    if (error instanceof ApiError && error.code === 'QuotaExceeded') return t('accounts.errors.quota_exceeded', { max: max ?? 1 });
    if (error instanceof Error && error.message) return error.message;
    return t('accounts.errors.exchange_failed', { platform: name });
  };
}

export function AccountsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const connections = useConnections();
  const start = useStartConnection();
  const disconnect = useDisconnect();
  const errorText = useErrorText();
  const [actionError, setActionError] = useState<string>();
  const [confirming, setConfirming] = useState<Connection>();

  // The result of an OAuth round trip rides on the query string (from /auth/callback).
  const resultPlatform = params.get('platform');
  const platform = resultPlatform && isPlatform(resultPlatform) ? resultPlatform : undefined;
  const oauthError = params.get('error') === 'auth_failed' ? connectErrorText(t, params.get('error_code'), platform, connections.data?.usage.maxAccounts) : undefined;
  // Several accounts picked from one consent (Facebook Pages) say how many.
  const connectedCount = Number(params.get('count') ?? '1');
  const connectedNotice =
    params.get('status') !== 'connected' || !platform
      ? undefined
      : Number.isInteger(connectedCount) && connectedCount > 1 && connectedCount < 1000
        ? String(t('accounts.connectedSeveral', { platform: platformNames[platform], count: connectedCount, context: platform }))
        : t('accounts.connectedNotice', { platform: platformNames[platform] });

  const { refetch, error: listError } = connections;
  useEffect(() => {
    if (connectedNotice) void refetch();
  }, [connectedNotice, refetch]);

  useEffect(() => {
    if (listError instanceof ApiError && listError.status === 401) navigate('/login', { replace: true });
  }, [listError, navigate]);

  function handleAuthError(error: unknown): boolean {
    if (error instanceof ApiError && error.status === 401) {
      navigate('/login', { replace: true });
      return true;
    }
    return false;
  }

  function connect(target: Platform, server?: string) {
    setActionError(undefined);
    if (params.toString()) setParams({}, { replace: true });
    start.mutate(server === undefined ? target : { platform: target, server }, {
      onError: (error) => {
        if (!handleAuthError(error)) setActionError(errorText(error, target, connections.data?.usage.maxAccounts));
      },
    });
  }

  function remove(connection: Connection) {
    setActionError(undefined);
    setConfirming(undefined);
    disconnect.mutate(
      { platform: connection.platform, accountId: connection.platformUserId },
      {
        onError: (error) => {
          if (!handleAuthError(error)) setActionError(`${t('accounts.disconnectFailed')}: ${errorText(error, connection.platform)}`);
        },
      },
    );
  }

  const data = connections.data;
  const usage = data?.usage;

  return (
    <section className="accounts-page">
      <PageTitle>{t('ui.accountsHeading')}</PageTitle>
      {usage && (
        <p className="hint" data-testid="account-usage">
          {usage.maxAccounts === null
            ? t('accounts.usageUnlimited', { count: usage.connectedAccounts })
            : t('accounts.usage', { count: usage.connectedAccounts, max: usage.maxAccounts })}
        </p>
      )}
      {oauthError && <ErrorBox>{oauthError}</ErrorBox>}
      {connectedNotice && <NoticeBox>{connectedNotice}</NoticeBox>}
      {actionError && <ErrorBox>{actionError}</ErrorBox>}
      {usage && usage.maxAccounts !== null && usage.connectedAccounts >= usage.maxAccounts && <UpgradeHint />}
      {connections.isError && <ErrorBox>{t('accounts.loadFailed')}</ErrorBox>}
      <h2 className="section-heading">{t('pages.accounts')}</h2>
      <SandboxOnlyNote />
      <ul className="platform-grid">
        {platforms.map((name) => (
          <PlatformCard
            key={name}
            platform={name}
            connections={data?.connections.filter((connection) => connection.platform === name) ?? []}
            available={data ? data.availablePlatforms.includes(name) : true}
            loading={connections.isPending}
            connecting={start.isPending && startedPlatform(start.variables) === name}
            disconnecting={disconnect.isPending ? `${disconnect.variables?.platform}#${disconnect.variables?.accountId}` : undefined}
            onConnect={(server) => connect(name, server)}
            onDisconnect={setConfirming}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== undefined}
        title={t('ui.disconnectConfirm.title', { platform: confirming ? platformNames[confirming.platform] : '' })}
        body={t('ui.disconnectConfirm.body', { name: confirming?.displayName ?? '', platform: confirming ? platformNames[confirming.platform] : '' })}
        confirmLabel={t('ui.disconnectConfirm.confirm')}
        cancelLabel={t('ui.disconnectConfirm.cancel')}
        onConfirm={() => confirming && remove(confirming)}
        onCancel={() => setConfirming(undefined)}
      />
    </section>
  );
}
