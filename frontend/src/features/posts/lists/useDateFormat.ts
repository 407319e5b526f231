import { useTranslation } from 'react-i18next';

/**
 * A date and time in the reader's language, medium date and short time. A file of its own: the
 * notifications bell in the dashboard shell uses it, and the shell's chunk must not carry the
 * post lists' parts with it (a module is placed whole in one chunk).
 */
export function useDateFormat(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  return (iso) => format.format(new Date(iso));
}
