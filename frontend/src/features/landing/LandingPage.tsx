import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ThemeToggle } from '../theme/ThemeToggle';
import { LanguageSwitcher } from '../../components/ui/LanguageSwitcher';

const featureKeys = ['scheduling', 'accounts', 'analytics', 'oneClick', 'bestTimes', 'security'] as const;

export function LandingPage() {
  const { t } = useTranslation();
  return (
    <div className="landing">
      <header className="landing-header">
        <Link to="/" className="logo">
          {t('common.appName')}
        </Link>
        <div className="toolbar">
          <LanguageSwitcher />
          <ThemeToggle />
          <Link to="/login" className="button secondary">
            {t('landing.signIn')}
          </Link>
        </div>
      </header>
      <main>
        <section className="hero">
          <h1>{t('landing.heroTitle')}</h1>
          <p>{t('landing.heroSubtitle')}</p>
          <div className="hero-actions">
            <Link to="/login" className="button primary">
              {t('landing.getStarted')}
            </Link>
            <a href="#features" className="button secondary">
              {t('landing.learnMore')}
            </a>
          </div>
        </section>
        <section id="features" className="features" aria-labelledby="features-title">
          <h2 id="features-title">{t('landing.featuresTitle')}</h2>
          <ul className="feature-grid">
            {featureKeys.map((key) => (
              <li key={key} className="card feature-card">
                <h3>{t(`landing.features.${key}.title`)}</h3>
                <p>{t(`landing.features.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="landing-footer">
        <nav>
          <Link to="/privacy">{t('landing.privacy')}</Link>
          <Link to="/terms">{t('landing.terms')}</Link>
        </nav>
        <p>{t('landing.copyright', { year: new Date().getFullYear() })}</p>
      </footer>
    </div>
  );
}
