import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Code2 } from 'lucide-react';

/** Where Settings points to the public API's reference (the keys themselves: the API keys section). */
export function ApiSection() {
  const { t } = useTranslation();
  return (
    <section className="card settings-section" aria-labelledby="settings-api">
      <h2 id="settings-api">{t('apiReference.settings.title')}</h2>
      <p>{t('apiReference.settings.body')}</p>
      <Link className="button secondary" to="/dashboard/api">
        <Code2 size={16} aria-hidden="true" />
        {t('apiReference.settings.open')}
      </Link>
    </section>
  );
}
