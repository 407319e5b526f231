import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The Privacy Policy (10 sections) and Terms of Service (8 sections), from the message files. */
export function LegalPage({ document: which }: { document: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  const sections = t(`${which}.sections`, { returnObjects: true }) as Array<{ title: string; body: string }>;
  return (
    <main className="legal">
      <Link to="/">← {t('common.backToHome')}</Link>
      <h1>{t(`${which}.title`)}</h1>
      <p>{t(`${which}.intro`)}</p>
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <p>{section.body}</p>
        </section>
      ))}
      <Link to="/">← {t('common.backToHome')}</Link>
    </main>
  );
}
