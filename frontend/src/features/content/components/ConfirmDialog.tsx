import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';

/** Asks before a deletion (the design system's confirm dialog); Escape or Cancel keeps the content. */
export function ConfirmDeleteDialog({ name, busy, onConfirm, onCancel }: { name: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open
      title={t('content.confirmDelete.title')}
      body={t('content.confirmDelete.body', { name })}
      confirmLabel={busy ? t('content.deleting') : t('content.confirmDelete.confirm')}
      cancelLabel={t('content.confirmDelete.cancel')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
