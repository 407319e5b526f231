import { useTranslation } from 'react-i18next';

/** Numbers and times in the user's language (and time zone). */
export function useAnalyticsFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const number = new Intl.NumberFormat(language);
  const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const slot = new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const score = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  return {
    number: (value: number) => number.format(value),
    compact: (value: number) => compact.format(value),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    slot: (iso: string) => slot.format(new Date(iso)),
    /** A YYYY-MM-DD calendar date (no time zone shift). */
    day: (date: string) => day.format(new Date(`${date}T00:00:00Z`)),
    score: (value: number) => score.format(value),
    hour: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
  };
}
