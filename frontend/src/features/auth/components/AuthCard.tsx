import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ThemeToggle } from '../../theme';
import { LanguageSwitcher } from '../../../components/ui/LanguageSwitcher';
import { Logo } from '../../../components/ui/Logo';

/** The frame of the sign-in, sign-up and reset screens. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <header className="auth-header">
        <Link to="/" className="logo">
          <Logo />
          {t('common.appName')}
        </Link>
        <div className="toolbar">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <main className="auth-card">
        <h1>{title}</h1>
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </main>
    </div>
  );
}
