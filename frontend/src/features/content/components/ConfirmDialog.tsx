import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialog } from '../../../components/ui/useDialog';

/** Asks before a deletion; Escape or Cancel keeps the content. */
export function ConfirmDeleteDialog({ name, busy, onConfirm, onCancel }: { name: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialog(dialogRef, onCancel);

  return (
    <div className="content-dialog-backdrop">
      <div ref={dialogRef} className="content-confirm card" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId}>
        <h2 id={titleId}>{t('content.confirmDelete.title')}</h2>
        <p id={bodyId}>{t('content.confirmDelete.body', { name })}</p>
        <div className="content-actions">
          <button type="button" className="button secondary" onClick={onCancel} disabled={busy}>
            {t('content.confirmDelete.cancel')}
          </button>
          <button type="button" className="button danger" onClick={onConfirm} disabled={busy}>
            {busy ? t('content.deleting') : t('content.confirmDelete.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
