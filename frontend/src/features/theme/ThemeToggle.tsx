import { useTranslation } from 'react-i18next';
import { useDarkMode } from './darkMode';

export function ThemeToggle() {
  const { t } = useTranslation();
  const [dark, toggle] = useDarkMode();
  return (
    <button type="button" className="button ghost" onClick={toggle} aria-pressed={dark}>
      <span aria-hidden="true">{dark ? '☀' : '☾'}</span> {dark ? t('common.lightMode') : t('common.darkMode')}
    </button>
  );
}
