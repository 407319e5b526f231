import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { PlatformMark } from '../../../components/ui/PlatformMark';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../../shared/api/posts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { ErrorBox, Spinner } from '../../../components/ui/Form';
import { PostDialog } from '../lists/components/PostDialog';
import { Tabs } from '../../../components/ui/Tabs';
import { useAllPosts, useReschedulePost } from '../scheduling/api';
import { EditTimeDialog, errorLines } from '../scheduling/ScheduledActions';
import { addDays, addMonths, dayDate, dropInstant, monthDays, placeInZone, slotIsPast, todayIn, weekDays } from './grid';
import { describeZone } from '../../../components/ui/timeZones';
import { useSchedulingTimeZone } from '../../settings';
import { useNow } from '../../../lib/useNow';
import { BulkBar } from '../bulk/BulkBar';
import { useBulkSelection } from '../bulk/useBulkSelection';
import '../scheduling/scheduling.css';

type View = 'month' | 'week';
interface CalendarEvent {
  post: Post;
  at: string;
  day: string;
  hour: number;
  kind: 'scheduled' | 'published' | 'failed';
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const DRAG_TYPE = 'application/x-oneclick-post';
/** The week view opens scrolled to this hour (the early hours are rarely used). */
const FIRST_VISIBLE_HOUR = 7;

/**
 * The calendar: scheduled and published posts in month and week views, in the time zone chosen
 * in Settings (else the browser's), which the page names with its offset. Days, weeks, today and
 * the past are that zone's. A scheduled post can be dragged to another day (month) or hour
 * (week): it keeps its wall time (or takes the hour) in this zone, DST-safe, and is rescheduled
 * through the API; clicking it
 * opens Edit time (the keyboard path). Built on native drag and drop rather than FullCalendar 7:
 * see docs/publishing.md.
 */
export function CalendarPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { zone, fromSettings } = useSchedulingTimeZone();
  const now = useNow();
  const today = todayIn(now, zone);
  const [view, setView] = useState<View>('month');
  const [anchor, setAnchor] = useState(today);
  const scheduled = useAllPosts('scheduled');
  const published = useAllPosts('published');
  const reschedule = useReschedulePost();
  const [status, setStatus] = useState<{ text: string; error: boolean }>();
  const [dragging, setDragging] = useState<string>();
  const [over, setOver] = useState<string>();
  const [editing, setEditing] = useState<Post>();
  const [viewing, setViewing] = useState<Post>();
  const opener = useRef<HTMLElement | null>(null);
  const [selecting, setSelecting] = useState(false);

  const timeFormat = useMemo(() => new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone: zone }), [language, zone]);
  const fullFormat = useMemo(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }), [language, zone]);

  const events = useMemo(() => {
    const list: CalendarEvent[] = [];
    const add = (post: Post, at: string | null, kind: CalendarEvent['kind']) => {
      if (!at) return;
      list.push({ post, at, ...placeInZone(at, zone), kind });
    };
    for (const post of scheduled.data ?? []) add(post, post.scheduledFor, 'scheduled');
    for (const post of published.data ?? []) add(post, post.publishedAt ?? post.startedAt ?? post.updatedAt, post.status === 'published' ? 'published' : 'failed');
    return list.sort((a, b) => a.at.localeCompare(b.at));
  }, [scheduled.data, published.data, zone]);

  const byDay = useMemo(() => {
    const map = new Map<string, CalendarEvent[]>();
    for (const event of events) map.set(event.day, [...(map.get(event.day) ?? []), event]);
    return map;
  }, [events]);

  const days = view === 'month' ? monthDays(anchor) : weekDays(anchor);
  // Bulk actions take the scheduled posts the view shows, in time order (Shift chooses a range of them).
  const shownScheduled = useMemo(() => {
    const shown = new Set(days);
    return events.filter((event) => event.kind === 'scheduled' && shown.has(event.day)).map((event) => event.post);
  }, [events, days]);
  const bulk = useBulkSelection(shownScheduled);
  const heading =
    view === 'month'
      ? new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(dayDate(anchor))
      : t('scheduling.calendar.weekOf', { date: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(dayDate(days[0]!)) });
  // Month names are lower case in some languages ("kasım 2026"): the heading starts with a capital.
  const title = heading.charAt(0).toLocaleUpperCase(language) + heading.slice(1);
  const weekdayFormat = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  const dayFormat = new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

  const move = (delta: number) => setAnchor((current) => (view === 'month' ? addMonths(current, delta) : addDays(current, delta * 7)));

  const drop = useCallback(
    (postId: string, day: string, hour?: number) => {
      const event = events.find((item) => item.post.postId === postId && item.kind === 'scheduled');
      if (!event) return;
      const at = dropInstant(event.at, zone, day, hour);
      if (at.toISOString() === new Date(event.at).toISOString()) return;
      if (at.getTime() <= Date.now()) {
        setStatus({ text: t('scheduling.calendar.pastSlot'), error: true });
        return;
      }
      setStatus({ text: t('scheduling.calendar.moving'), error: false });
      reschedule.mutate(
        { postId, scheduledFor: at.toISOString(), timeZone: event.post.timeZone ?? zone },
        {
          onSuccess: () => setStatus({ text: t('scheduling.calendar.moved', { date: fullFormat.format(at) }), error: false }),
          onError: (error) => setStatus({ text: t('scheduling.calendar.moveFailed', { message: errorLines(error, t('common.genericError')).join(' ') }), error: true }),
        },
      );
    },
    [events, zone, reschedule, t, fullFormat],
  );

  const cellHandlers = (key: string, day: string, hour?: number) => {
    const past = slotIsPast(now, zone, day, hour);
    return {
      past,
      onDragOver: (event: DragEvent) => {
        if (!dragging || past) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (over !== key) setOver(key);
      },
      onDragLeave: () => setOver((current) => (current === key ? undefined : current)),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setOver(undefined);
        const postId = event.dataTransfer.getData(DRAG_TYPE) || dragging;
        setDragging(undefined);
        if (postId) drop(postId, day, hour);
      },
    };
  };

  const renderEvent = (event: CalendarEvent) => {
    const text = event.post.title ?? event.post.description;
    const choosable = selecting && event.kind === 'scheduled';
    const chosen = choosable && bulk.selectedIds.has(event.post.postId);
    const draggable = event.kind === 'scheduled' && !selecting;
    return (
      <li key={`${event.kind}-${event.post.postId}`}>
        <button
          type="button"
          className={`calendar-event ${event.kind}${dragging === event.post.postId ? ' dragging' : ''}${chosen ? ' chosen' : ''}`}
          draggable={draggable}
          aria-pressed={choosable ? chosen : undefined}
          data-post-id={event.post.postId}
          title={`${fullFormat.format(new Date(event.at))} · ${text}`}
          onDragStart={(drag) => {
            if (!draggable) return;
            drag.dataTransfer.setData(DRAG_TYPE, event.post.postId);
            drag.dataTransfer.setData('text/plain', text);
            drag.dataTransfer.effectAllowed = 'move';
            setDragging(event.post.postId);
          }}
          onDragEnd={() => {
            setDragging(undefined);
            setOver(undefined);
          }}
          onClick={(click) => {
            if (choosable) {
              bulk.toggle(event.post.postId, click.shiftKey);
              return;
            }
            opener.current = click.currentTarget;
            if (draggable) setEditing(event.post);
            else setViewing(event.post);
          }}
        >
          <span className="calendar-event-time">{timeFormat.format(new Date(event.at))}</span>
          <span className="visually-hidden"> · </span>
          <span className="calendar-event-text">{text}</span>
          <span className="calendar-event-marks">
            {[...new Set(event.post.targets.map((target) => target.platform))].map((platform) => (
              <PlatformMark key={platform} platform={platform} size="sm" />
            ))}
          </span>
          <span className="visually-hidden"> · {t(`posts.status.${event.post.status}`)}</span>
          {chosen && <span className="calendar-event-chosen">✓<span className="visually-hidden"> {t('bulk.chosen')}</span></span>}
        </button>
      </li>
    );
  };

  const closeDialog = () => {
    setEditing(undefined);
    setViewing(undefined);
    opener.current?.focus();
  };

  const loading = scheduled.isPending || published.isPending;
  const weekRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const grid = weekRef.current;
    if (view !== 'week' || !grid) return;
    const row = grid.querySelector<HTMLElement>(`[data-slot$="T${String(FIRST_VISIBLE_HOUR).padStart(2, '0')}"]`);
    const head = grid.querySelector<HTMLElement>('.calendar-head');
    if (row) grid.scrollTop = row.offsetTop - (head?.offsetHeight ?? 0);
  }, [view, loading]);

  return (
    <section className="calendar-page">
      <PageTitle>{t('pages.calendar')}</PageTitle>
      <Tabs
        className="calendar-tabs"
        label={t('scheduling.calendar.views')}
        value={view}
        onChange={setView}
        options={(['month', 'week'] as const).map((name) => ({ value: name, label: t(`scheduling.calendar.${name}`) }))}
        before={
          <>
            <button type="button" className="button secondary" onClick={() => move(-1)}>
              {t('scheduling.calendar.previous')}
            </button>
            <button type="button" className="button secondary" onClick={() => setAnchor(today)}>
              {t('scheduling.calendar.today')}
            </button>
            <button type="button" className="button secondary" onClick={() => move(1)}>
              {t('scheduling.calendar.next')}
            </button>
            <h2 aria-live="polite">{title}</h2>
            <button
              type="button"
              className="button secondary calendar-select"
              aria-pressed={selecting}
              onClick={() => {
                if (selecting) bulk.clear();
                setSelecting(!selecting);
              }}
            >
              {t(selecting ? 'bulk.doneSelecting' : 'bulk.selectInCalendar')}
            </button>
          </>
        }
      >
        <p className="calendar-zone" data-zone={zone}>
          {t(fromSettings ? 'scheduling.calendar.zoneSettings' : 'scheduling.calendar.zoneBrowser', { zone: zone.replaceAll('_', ' '), offset: describeZone(zone, now).offset })}
        </p>
        <p className="hint">{t(selecting ? 'bulk.calendarHint' : 'scheduling.calendar.hint')}</p>
        {selecting && <BulkBar selected={bulk.selected} onClear={bulk.clear} onDone={bulk.clear} />}
        <div className="calendar-meta">
          <ul className="calendar-legend">
            <li>
              <span className="legend-scheduled" aria-hidden="true" />
              {t('scheduling.calendar.legendScheduled')}
            </li>
            <li>
              <span className="legend-published" aria-hidden="true" />
              {t('scheduling.calendar.legendPublished')}
            </li>
          </ul>
          <p className={`calendar-status${status?.error ? ' schedule-problem' : ''}`} role="status">
            {status?.text ?? ''}
          </p>
        </div>
        {scheduled.isError || published.isError ? (
          <ErrorBox>{t('scheduling.calendar.loadFailed')}</ErrorBox>
        ) : loading ? (
          <Spinner label={t('scheduling.calendar.loading')} />
        ) : view === 'month' ? (
          <div className="calendar-grid month" data-view="month">
            {days.slice(0, 7).map((day) => (
              <div key={`head-${day}`} className="calendar-head" aria-hidden="true">
                {weekdayFormat.format(dayDate(day))}
              </div>
            ))}
            {days.map((day) => {
              const handlers = cellHandlers(day, day);
              const dayEvents = byDay.get(day) ?? [];
              return (
                <div
                  key={day}
                  data-day={day}
                  className={`calendar-cell${day.slice(0, 7) !== anchor.slice(0, 7) ? ' outside' : ''}${day === today ? ' today' : ''}${over === day ? ' drop-target' : ''}${handlers.past ? ' past' : ''}`}
                  onDragOver={handlers.onDragOver}
                  onDragLeave={handlers.onDragLeave}
                  onDrop={handlers.onDrop}
                >
                  <span className="calendar-day-number">
                    <time dateTime={day}>{new Intl.DateTimeFormat(language, { day: 'numeric', timeZone: 'UTC' }).format(dayDate(day))}</time>
                  </span>
                  {dayEvents.length > 0 && <ul className="calendar-events">{dayEvents.map(renderEvent)}</ul>}
                </div>
              );
            })}
          </div>
        ) : (
          <div className="calendar-grid week" data-view="week" ref={weekRef}>
            <div className="calendar-head" aria-hidden="true" />
            {days.map((day) => (
              <div key={`head-${day}`} className={`calendar-head${day === today ? ' today' : ''}`}>
                <time dateTime={day}>{dayFormat.format(dayDate(day))}</time>
              </div>
            ))}
            {HOURS.map((hour) => (
              <WeekRow key={hour} hour={hour} days={days} language={language}>
                {(day) => {
                  const key = `${day}T${hour}`;
                  const handlers = cellHandlers(key, day, hour);
                  const slotEvents = (byDay.get(day) ?? []).filter((event) => event.hour === hour);
                  return (
                    <div
                      key={key}
                      data-slot={`${day}T${String(hour).padStart(2, '0')}`}
                      className={`calendar-cell${over === key ? ' drop-target' : ''}${handlers.past ? ' past' : ''}`}
                      onDragOver={handlers.onDragOver}
                      onDragLeave={handlers.onDragLeave}
                      onDrop={handlers.onDrop}
                    >
                      {slotEvents.length > 0 && <ul className="calendar-events">{slotEvents.map(renderEvent)}</ul>}
                    </div>
                  );
                }}
              </WeekRow>
            ))}
          </div>
        )}
      </Tabs>
      {editing && <EditTimeDialog post={editing} onClose={closeDialog} />}
      {viewing && <PostDialog post={viewing} onClose={closeDialog} />}
    </section>
  );
}

function WeekRow({ hour, days, language, children }: { hour: number; days: string[]; language: string; children: (day: string) => React.ReactNode }) {
  const label = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 0, 1, hour)));
  return (
    <>
      <div className="calendar-hour" aria-hidden="true">
        {label}
      </div>
      {days.map((day) => children(day))}
    </>
  );
}
