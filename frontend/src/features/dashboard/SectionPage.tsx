import { useTranslation } from 'react-i18next';
import type { en } from '../../../../shared/i18n/en';
import { PageTitle } from '../../components/ui/PageTitle';

/**
 * A dashboard section whose feature has not landed yet: its title, and nothing invented.
 * Each feature replaces its route's element with its real page.
 */
export function SectionPage({ title }: { title: keyof typeof en.pages }) {
  const { t } = useTranslation();
  return <PageTitle>{t(`pages.${title}`)}</PageTitle>;
}
