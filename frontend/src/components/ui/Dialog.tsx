import { useRef, useState, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

/** The dialog's heading (its accessible name): put it anywhere inside a Dialog. */
export const DialogTitle = RadixDialog.Title;

export type DialogSize = 'medium' | 'wide' | 'media' | 'full';

/**
 * A modal dialog (Radix Dialog): in a portal on body, focus moves in and stays in, Escape or the
 * close button closes it, the page behind is inert and does not scroll. Rendered while open (the
 * caller mounts it); on close, focus goes back to the control that opened it unless the caller
 * has already put it somewhere.
 *
 * `initialFocus`: 'content' (default) focuses the first control after the close button — a
 * form's first field; 'close' focuses the close button (for dialogs that are read, not filled).
 * `dismissOnOutsideClick`: only for dialogs with nothing to lose (a player), never for a form.
 */
export function Dialog({
  closeLabel,
  onClose,
  children,
  size = 'medium',
  className = '',
  initialFocus = 'content',
  dismissOnOutsideClick = false,
  ...aria
}: {
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  size?: DialogSize;
  className?: string;
  initialFocus?: 'content' | 'close';
  dismissOnOutsideClick?: boolean;
  'aria-describedby'?: string;
}) {
  // The control that had focus when the dialog opened (read while rendering, before focus moves in).
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const closeRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          ref={contentRef}
          className={`dialog dialog-${size} ${className}`.trim()}
          aria-modal="true"
          aria-describedby={aria['aria-describedby']}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            const target = initialFocus === 'close' ? closeRef.current : firstControl(contentRef.current, closeRef.current);
            (target ?? contentRef.current)?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const focusLost = !document.activeElement || document.activeElement === document.body;
            if (focusLost && opener?.isConnected) opener.focus();
          }}
          onPointerDownOutside={(event) => {
            if (!dismissOnOutsideClick) event.preventDefault();
          }}
        >
          <RadixDialog.Close ref={closeRef} className="icon-button dialog-close" aria-label={closeLabel}>
            <X size={18} aria-hidden="true" />
          </RadixDialog.Close>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

const CONTROLS = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], video[controls], audio[controls], [tabindex]:not([tabindex="-1"])';

function firstControl(content: HTMLElement | null, close: HTMLElement | null): HTMLElement | null {
  if (!content) return null;
  return [...content.querySelectorAll<HTMLElement>(CONTROLS)].find((element) => element !== close) ?? null;
}
