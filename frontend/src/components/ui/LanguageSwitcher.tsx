import { useTranslation } from 'react-i18next';
import { supportedLanguages } from '../../i18n';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('common.language')}</span>
      <select
        aria-label={t('common.language')}
        value={i18n.resolvedLanguage ?? 'en'}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
      >
        {supportedLanguages.map((language) => (
          <option key={language} value={language}>
            {t(`common.languages.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
