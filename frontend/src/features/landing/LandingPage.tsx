import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BarChart3, CalendarClock, CheckCheck, Clock, MousePointerClick, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { platformNames, platforms } from '../../../../shared/platforms';
import { ThemeToggle } from '../theme';
import { LanguageSwitcher } from '../../components/ui/LanguageSwitcher';
import { Logo } from '../../components/ui/Logo';
import { PlatformChip } from '../../components/ui/PlatformChip';
import { SandboxOnlyNote } from '../../components/ui/SandboxOnlyNote';

const features: ReadonlyArray<{ key: 'scheduling' | 'accounts' | 'analytics' | 'oneClick' | 'bestTimes' | 'security'; icon: LucideIcon }> = [
  { key: 'scheduling', icon: CalendarClock },
  { key: 'accounts', icon: Users },
  { key: 'analytics', icon: BarChart3 },
  { key: 'oneClick', icon: MousePointerClick },
  { key: 'bestTimes', icon: Clock },
  { key: 'security', icon: ShieldCheck },
];

/**
 * The landing page. The hero pictures are real screenshots of the running product, made by
 * `npm run screenshots -- --hero` (test/screenshots/run.ts), one per theme.
 */
export function LandingPage() {
  const { t, i18n } = useTranslation();
  // Every network we publish to, from the platform data, listed in the reader's language.
  const networks = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(platforms.map((platform) => platformNames[platform]));
  return (
    <div className="landing">
      <header className="landing-header">
        <Link to="/" className="logo">
          <Logo />
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
          <p className="badge hero-badge">{t('ui.landing.badge')}</p>
          <h1>{t('landing.heroTitle')}</h1>
          <p className="hero-subtitle">{t('landing.heroSubtitle', { networks })}</p>
          <div className="hero-actions">
            <Link to="/login" className="button primary large">
              {t('landing.getStarted')}
            </Link>
            <a href="#features" className="button secondary large">
              {t('landing.learnMore')}
            </a>
          </div>
          <div className="hero-networks">
            <p className="hint">{t('ui.landing.networks')}</p>
            <ul className="platform-chips">
              {platforms.map((platform) => (
                <PlatformChip key={platform} platform={platform} as="li" />
              ))}
            </ul>
            <SandboxOnlyNote className="hint sandbox-only" />
          </div>
        </section>
        <figure className="hero-shot">
          <img className="shot-light" src="/landing/dashboard-light.jpg" width={1280} height={800} alt={t('ui.landing.screenshotAlt')} />
          <img className="shot-dark" src="/landing/dashboard-dark.jpg" width={1280} height={800} alt={t('ui.landing.screenshotAlt')} />
        </figure>
        <section id="features" className="features" aria-labelledby="features-title">
          <h2 id="features-title">{t('landing.featuresTitle')}</h2>
          <ul className="feature-grid">
            {features.map(({ key, icon: Icon }) => (
              <li key={key} className="card feature-card">
                <span className="feature-icon" aria-hidden="true">
                  <Icon size={22} />
                </span>
                <h3>{t(`landing.features.${key}.title`)}</h3>
                <p>{t(`landing.features.${key}.body`, { networks })}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="promise" aria-labelledby="promise-title">
          <span className="feature-icon" aria-hidden="true">
            <CheckCheck size={26} />
          </span>
          <div>
            <h2 id="promise-title">{t('ui.landing.promiseTitle')}</h2>
            <p>{t('ui.landing.promiseBody')}</p>
          </div>
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
