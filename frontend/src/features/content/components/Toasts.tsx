import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The spec caps the toast list at 20. */
const MAX_TOASTS = 20;
const TOAST_MS = 5000;

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  message: string;
}

/** Short messages that fade after a few seconds; the newest 20 are kept. */
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

export function ToastList({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="toast-list" role="region" aria-label={t('content.toasts.region')}>
      <ul aria-live="polite">
        {toasts.map((toast) => (
          <li key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
            <span>{toast.message}</span>
            <button type="button" className="close-button toast-close" aria-label={t('content.toasts.dismiss')} onClick={() => onDismiss(toast.id)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
