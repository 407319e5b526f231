import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useDialog } from '../../../components/ui/useDialog';

/** A modal dialog (in a portal on body): focus moves in and is trapped, Escape or × closes it, focus returns to the opener (caller). */
export function Dialog({ title, onClose, children, className = '' }: { title: string; onClose: () => void; children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useDialog(dialogRef, onClose, 'input, select, textarea, button:not(.close-button)');

  // In a portal: the card that opens it must not clip it or stack other cards above it.
  return createPortal(
    <div className="post-dialog-backdrop">
      <div ref={dialogRef} className={`card schedule-dialog ${className}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <button type="button" className="close-button schedule-dialog-close" aria-label={t('scheduling.close')} onClick={onClose}>
          ×
        </button>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
