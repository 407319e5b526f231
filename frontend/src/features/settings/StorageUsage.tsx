import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../lib/useApi';
import { formatBytes } from './formatBytes';

/** The bytes stored (media and module content) next to the plan's limit: a line and a meter. */
export function StorageUsage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const usage = useQuery({ queryKey: ['storage'], queryFn: () => api('getStorageUsage', {}) });
  if (usage.isPending) return <p className="settings-storage">{t('common.loading')}</p>;
  if (usage.isError) return <p className="settings-storage" role="alert">{t('media.storage.failed')}</p>;
  const { usedBytes, maxBytes } = usage.data;
  const used = formatBytes(usedBytes, i18n.language);
  return (
    <p className="settings-storage" data-testid="settings-storage">
      {maxBytes === null ? t('media.storage.usedUnlimited', { used }) : t('media.storage.used', { used, max: formatBytes(maxBytes, i18n.language) })}
      {maxBytes !== null && (
        <meter min={0} max={maxBytes} value={Math.min(usedBytes, maxBytes)} aria-label={t('media.storage.meter')}>
          {Math.round((usedBytes / maxBytes) * 100)}%
        </meter>
      )}
    </p>
  );
}
