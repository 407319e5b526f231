import { useTranslation } from 'react-i18next';
import { capabilities, platformNames, type Platform } from '../../../../../shared/platforms';
import type { Connection } from '../../../../../shared/api/connections';
import { X } from 'lucide-react';
import { PlatformMark } from '../../../components/ui/PlatformMark';
import { Truncated } from '../../../components/ui/Truncated';
import { brandStyle } from '../../../components/ui/brandStyle';
import { ServerConnectForm } from './ServerConnectForm';

interface PlatformCardProps {
  platform: Platform;
  connections: Connection[];
  available: boolean;
  loading: boolean;
  connecting: boolean;
  disconnecting: string | undefined;
  /** `server`: the server the user typed, where the platform's accounts live on one they name (`connectServer`). */
  onConnect: (server?: string) => void;
  onDisconnect: (connection: Connection) => void;
}

function statusOf(connections: Connection[]): 'connected' | 'needsReconnect' | 'notConnected' {
  if (connections.some((connection) => connection.status === 'needs_reconnect')) return 'needsReconnect';
  return connections.length ? 'connected' : 'notConnected';
}

/** One platform: its status, the connected accounts with a red close button each, and connect. */
export function PlatformCard(props: PlatformCardProps) {
  const { t, i18n } = useTranslation();
  const name = platformNames[props.platform];
  const status = props.connecting ? 'connecting' : statusOf(props.connections);
  // Where the network's review of the app limits who can connect, the card says so (accounts.access.<platform>).
  const accessKey = `accounts.access.${props.platform}`;
  const accessNote = i18n.exists(accessKey) ? String(t(accessKey as never)) : undefined;
  const formatDate = (iso: string) => new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' }).format(new Date(iso));
  const connectServer = capabilities[props.platform].connectServer;
  const connectLabel =
    status === 'needsReconnect'
      ? t('accounts.reconnect')
      : props.connections.length
        ? t('accounts.connectAnother', { platform: name })
        : t('accounts.connect', { platform: name });

  return (
    <li className={`card platform-card platform-${props.platform} status-${status}`} aria-label={name} style={brandStyle(props.platform)}>
      <div className="platform-card-header">
        <PlatformMark platform={props.platform} size="lg" />
        <div>
          <h2>{name}</h2>
          <p className="platform-status" data-testid={`status-${props.platform}`}>
            {props.loading ? t('accounts.loadingInfo', { platform: name }) : t(`accounts.${status}`)}
          </p>
        </div>
      </div>

      {props.connections.map((connection) => (
        <div key={connection.connectionId} className="connected-account">
          {connection.avatarUrl && <img src={connection.avatarUrl} alt="" width={40} height={40} className="avatar" />}
          <div className="account-details">
            {/* The name wraps rather than ends in "…": it is what tells two Pages of one login apart. */}
            <p className="account-name">{connection.displayName}</p>
            {connection.username && <Truncated className="account-username" text={connection.username} />}
            <Truncated className="account-id" text={t('accounts.accountId', { id: connection.platformUserId })} />
            {connection.status === 'needs_reconnect' && (
              <p className="account-warning" role="status">
                {connection.reconnectReason ?? t('accounts.needsReconnect')}
              </p>
            )}
            {connection.status === 'connected' && connection.tokenExpiry.state === 'reconnect_soon' && connection.tokenExpiry.reconnectBy && (
              <p className="account-warning" role="status">
                {t('accounts.reconnectSoon', { date: formatDate(connection.tokenExpiry.reconnectBy) })}
              </p>
            )}
          </div>
          <button
            type="button"
            className="icon-button danger"
            aria-label={t('accounts.disconnect', { name: connection.displayName, platform: name })}
            title={t('accounts.disconnect', { name: connection.displayName, platform: name })}
            disabled={props.disconnecting === connection.connectionId}
            onClick={() => props.onDisconnect(connection)}
          >
            {props.disconnecting === connection.connectionId ? <span className="spinner small" aria-hidden="true" /> : <X aria-hidden="true" size={16} />}
          </button>
        </div>
      ))}

      {props.available && connectServer ? (
        <ServerConnectForm platform={props.platform} label={connectLabel} disabled={props.connecting} onConnect={props.onConnect} />
      ) : props.available ? (
        <button type="button" className="button secondary wide" onClick={() => props.onConnect()} disabled={props.connecting}>
          {connectLabel}
        </button>
      ) : (
        <p className="hint">{t('accounts.notAvailable')}</p>
      )}
      {accessNote && (
        <p className="hint" data-testid={`access-${props.platform}`}>
          {accessNote}
        </p>
      )}
    </li>
  );
}
