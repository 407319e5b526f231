import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';

/**
 * What a route shows when its code could not be loaded (a dropped connection, or a new release
 * replaced the file) or threw: the reason in words and a retry, instead of React Router's
 * developer screen. Retrying reloads the page, which fetches the current files.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div className="route-error card" role="alert">
      <h1 className="page-title">{t('ui.loadFailedChunk')}</h1>
      {detail && <p className="hint">{detail}</p>}
      <button type="button" className="button primary" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" size={16} />
        {t('ui.retry')}
      </button>
    </div>
  );
}
