import { useCallback, useEffect, useRef, useState } from 'react';

/** The spec caps the toast list at 20. */
const MAX_TOASTS = 20;
const TOAST_MS = 5000;

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  message: string;
}

/**
 * The design system's toast: short messages that fade after a few seconds; the newest 20 are
 * kept (the spec's cap). Errors are announced as alerts, successes as status messages.
 */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (kind: Toast['kind'], message: string) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, kind, message }].slice(-MAX_TOASTS));
      timers.current.set(id, setTimeout(() => dismiss(id), TOAST_MS));
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return { toasts, show, dismiss };
}

interface ToastListProps {
  toasts: Toast[];
  onDismiss: (id: number) => void;
  /** Accessible name of the landmark holding the toasts. */
  regionLabel: string;
  /** Accessible name of each toast's close button. */
  dismissLabel: string;
}

export function ToastList({ toasts, onDismiss, regionLabel, dismissLabel }: ToastListProps) {
  return (
    <div className="toast-list" role="region" aria-label={regionLabel}>
      <ul aria-live="polite">
        {toasts.map((toast) => (
          <li key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
            <span>{toast.message}</span>
            <button type="button" className="close-button toast-close" aria-label={dismissLabel} onClick={() => onDismiss(toast.id)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
