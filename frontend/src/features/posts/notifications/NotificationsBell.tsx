import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { platformNames } from '../../../../../shared/platforms';
import type { NotificationKind } from '../../../../../shared/api/notifications';
import { useAuth } from '../../auth';
import { useNotifications, useReadNotifications } from './api';
import { useDateFormat } from '../lists/useDateFormat';
import '../scheduling/scheduling.css';

/** The notices about a submission or a comment (the others are about a post that failed). */
const approvalKinds = new Set<NotificationKind>(['approval_requested', 'changes_requested', 'mentioned']);

/**
 * The notification badge: how many scheduled posts failed (anywhere) since the user last looked,
 * and the list with each platform's reason; "Mark all as read" clears the badge.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const id = useId();
  const notifications = useNotifications(status === 'signedIn');
  const read = useReadNotifications();
  const [open, setOpen] = useState(false);
  const formatDate = useDateFormat();
  const wrapper = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const button = useRef<HTMLButtonElement>(null);
  const unread = notifications.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    // The panel lives at the end of the page (a portal): keyboard focus moves into it; Escape brings it back.
    panel.current?.querySelector<HTMLElement>('h2')?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    }
    function onClick(event: MouseEvent) {
      const target = event.target as Node;
      if (!wrapper.current?.contains(target) && !panel.current?.contains(target)) setOpen(false);
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const panelContent = (
    <div ref={panel} id={`${id}-panel`} className="card notifications-panel" role="region" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        {t('scheduling.notifications.title')}
      </h2>
      {notifications.isError && <p className="schedule-problem">{t('scheduling.notifications.loadFailed')}</p>}
      {notifications.data && notifications.data.notifications.length === 0 && <p className="hint">{t('scheduling.notifications.empty')}</p>}
      {notifications.data && notifications.data.notifications.length > 0 && (
        <>
          <ul className="notifications-list">
            {notifications.data.notifications.map((item) => (
              <li key={item.notificationId} className={`notification${item.readAt ? '' : ' unread'}`}>
                <p className="notification-title">
                  {item.kind === 'webhook_disabled'
                    ? t('webhooks.notification')
                    : item.kind === 'scheduled_post_failed' || item.kind === 'post_failed'
                      ? t(`scheduling.notifications.${item.kind === 'post_failed' ? 'post_failed' : item.postStatus === 'failed' ? 'failed' : 'partially_published'}`)
                      : t(`approvals.notifications.${item.kind}`, { email: item.byEmail ?? '' })}
                </p>
                <p>{item.excerpt}</p>
                {item.comment && <p className="notification-reason">“{item.comment}”</p>}
                {item.scheduledFor && <p className="hint">{t('scheduling.notifications.scheduledFor', { date: formatDate(item.scheduledFor) })}</p>}
                {item.failures.map((failure) => (
                  <p key={`${failure.platform}-${failure.accountName}`} className="notification-reason">
                    {t('scheduling.notifications.reason', { platform: platformNames[failure.platform], account: failure.accountName, reason: failure.reason })}
                  </p>
                ))}
              </li>
            ))}
          </ul>
          <div className="dialog-actions">
            <Link to="/dashboard/posts" className="button secondary small" onClick={() => setOpen(false)}>
              {t('scheduling.notifications.open')}
            </Link>
            {notifications.data.notifications.some((item) => item.kind === 'webhook_disabled') && (
              <Link to="/dashboard/settings" className="button secondary small" onClick={() => setOpen(false)}>
                {t('webhooks.openSettings')}
              </Link>
            )}
            {notifications.data.notifications.some((item) => approvalKinds.has(item.kind)) && (
              <Link to="/dashboard/approvals" className="button secondary small" onClick={() => setOpen(false)}>
                {t('approvals.notifications.open')}
              </Link>
            )}
            {unread > 0 && (
              <button type="button" className="button primary small" disabled={read.isPending} onClick={() => read.mutate()}>
                {t('scheduling.notifications.markRead')}
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );

  return (
    <div className="notifications" ref={wrapper}>
      <button
        ref={button}
        type="button"
        className="button ghost notifications-button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={unread ? t('scheduling.notifications.buttonUnread', { count: unread }) : t('scheduling.notifications.button')}
        onClick={() => setOpen((current) => !current)}
      >
        <svg className="notifications-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {unread > 0 && (
          <span className="notifications-badge" aria-hidden="true" data-testid="notifications-badge">
            {unread}
          </span>
        )}
      </button>
      {/* In a portal: the sidebar scrolls (and slides on small screens), which would clip it or put the page above it. */}
      {open && createPortal(panelContent, document.body)}
    </div>
  );
}
