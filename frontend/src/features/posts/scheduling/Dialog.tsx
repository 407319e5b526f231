import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog as UiDialog, DialogTitle } from '../../../components/ui/Dialog';

/** A scheduled post's dialog (the design system's): focus starts in the form, Escape or × closes it, focus returns to the opener. */
export function Dialog({ title, onClose, children, wide = false }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <UiDialog closeLabel={t('scheduling.close')} onClose={onClose} size={wide ? 'wide' : 'medium'} className="schedule-dialog">
      <DialogTitle className="dialog-title">{title}</DialogTitle>
      {children}
    </UiDialog>
  );
}
