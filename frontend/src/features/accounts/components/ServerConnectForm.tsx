import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { capabilities, platformNames, type Platform } from '../../../../../shared/platforms';

/**
 * What is wrong with a server address as typed, before the browser leaves: nothing typed, or not
 * an address at all (a handle with its @, spaces, a query). `https://` is added when no scheme is
 * typed. The API then checks it with the one outbound rule (https, a public host) and says why in
 * words when it refuses it.
 */
export function typedServerProblem(typed: string): 'empty' | 'notAddress' | undefined {
  const value = typed.trim();
  if (!value) return 'empty';
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  if (/\s/.test(value) || value.includes('@') || value.includes('?') || value.includes('#')) return 'notAddress';
  try {
    const url = new URL(scheme ? value : `https://${value}`);
    return url.hostname.includes('.') || /^\[.*\]$/.test(url.hostname) ? undefined : 'notAddress';
  } catch {
    return 'notAddress';
  }
}

/**
 * Connect, where the platform's accounts live on a server the user names (`connectServer`): the
 * server field (the platform's example as placeholder), checked in words before the browser
 * leaves. One form for the Accounts page's card and the composer's Connect.
 */
export function ServerConnectForm({
  platform,
  label,
  ariaLabel,
  disabled,
  onConnect,
  className,
}: {
  platform: Platform;
  label: ReactNode;
  /** The button's name where its label alone does not say the platform (the composer's "Connect"). */
  ariaLabel?: string;
  disabled: boolean;
  onConnect: (server: string) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const [server, setServer] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof typedServerProblem>>();
  const id = useId();
  const name = platformNames[platform];
  const example = capabilities[platform].connectServer?.example ?? '';
  return (
    <form
      className={`connect-server${className ? ` ${className}` : ''}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = typedServerProblem(server);
        setProblem(found);
        if (!found) onConnect(server.trim());
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-server`}>{t('accounts.server.label', { platform: name })}</label>
        <input
          id={`${id}-server`}
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          required
          maxLength={253}
          placeholder={example}
          value={server}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          onChange={(event) => {
            setServer(event.target.value);
            setProblem(undefined);
          }}
        />
        <p className="hint" id={`${id}-hint`}>
          {t('accounts.server.hint', { platform: name })}
        </p>
        {problem && (
          <p className="field-error" id={`${id}-problem`} role="alert">
            {t(`accounts.server.${problem}`, { platform: name, example, server: server.trim() })}
          </p>
        )}
      </div>
      <button type="submit" className="button secondary wide" disabled={disabled} {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}>
        {label}
      </button>
    </form>
  );
}
