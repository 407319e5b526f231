import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../lib/useApi';

/** 1024-based, like the rest of Settings: "1.5 GB". */
function formatStorage(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`;
}

/** The bytes stored (media and module content) next to the plan's limit: a line and a meter. */
export function StorageUsage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const usage = useQuery({ queryKey: ['storage'], queryFn: () => api('getStorageUsage', {}) });
  if (usage.isPending) return <p className="settings-storage">{t('common.loading')}</p>;
  if (usage.isError) return <p className="settings-storage" role="alert">{t('media.storage.failed')}</p>;
  const { usedBytes, maxBytes } = usage.data;
  const used = formatStorage(usedBytes, i18n.language);
  return (
    <p className="settings-storage" data-testid="settings-storage">
      {maxBytes === null ? t('media.storage.usedUnlimited', { used }) : t('media.storage.used', { used, max: formatStorage(maxBytes, i18n.language) })}
      {maxBytes !== null && (
        <meter min={0} max={maxBytes} value={Math.min(usedBytes, maxBytes)} aria-label={t('media.storage.meter')}>
          {Math.round((usedBytes / maxBytes) * 100)}%
        </meter>
      )}
    </p>
  );
}
