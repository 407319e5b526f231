import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], audio[controls]';

/**
 * A modal dialog's keyboard, for every dialog in the app: on open, focus moves to the control
 * `initialFocus` selects (by default the first one; the dialog itself when it has none), Escape
 * closes, and Tab and Shift+Tab stay inside. The opener gets focus back from its own code.
 */
export function useDialog(dialogRef: RefObject<HTMLElement | null>, onClose: () => void, initialFocus: string = FOCUSABLE): void {
  useEffect(() => {
    const dialog = dialogRef.current;
    (dialog?.querySelector<HTMLElement>(initialFocus) ?? dialog)?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const controls = dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE);
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dialogRef, onClose, initialFocus]);
}
