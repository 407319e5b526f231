import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu, X } from 'lucide-react';
import { Logo } from '../../components/ui/Logo';
import { authErrorMessage, useAuth, useMe } from '../auth';
import { ThemeToggle } from '../theme';
import { LanguageSwitcher } from '../../components/ui/LanguageSwitcher';
import { ErrorBox } from '../../components/ui/Form';
import { roleMay } from '../../../../shared/api/authorization';
import { accountNav, mainNav, moduleNav, type NavItem } from './navItems';
import { ApplySavedSettings } from '../settings';
import { NotificationsBell } from '../posts';
import { takePendingConnect } from '../connectAssistant';
import { LostAccessNotice, takePendingInvitation, useCurrentWorkspace, useWorkspaceInUrl, WorkspaceSwitcher } from '../workspaces';

function NavList({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const shared = workspace.data?.personal === false;
  const role = workspace.data?.role;
  const shown = items.filter((item) => (shared || !item.sharedOnly) && (!item.action || (role !== undefined && roleMay(role, item.action))));
  return (
    <ul>
      {shown.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end ?? false} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
            <item.icon aria-hidden="true" size={18} strokeWidth={2} />
            <span>{t(`nav.${item.label}`)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The dashboard shell: sidebar (a slide-out menu on small screens), the page, the user. */
export function DashboardLayout({ withNav = true }: { withNav?: boolean }) {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<string>();
  const workspaceId = useWorkspaceInUrl();

  useEffect(() => setMenuOpen(false), [location.pathname]);
  // Back to an invitation link opened before signing in.
  useEffect(() => {
    const token = takePendingInvitation();
    if (token) navigate(`/invitations?token=${encodeURIComponent(token)}`, { replace: true });
    // Back to an assistant's sign-in opened before signing in.
    const assistant = takePendingConnect();
    if (assistant) navigate(`/connect-assistant${assistant}`, { replace: true });
  }, [navigate]);

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await signOut();
      navigate('/login', { replace: true });
    } catch (caught) {
      setError(authErrorMessage(caught, t, 'failedSignOut'));
      setSigningOut(false);
    }
  }

  // The plan of the workspace the person works in (a shared one's is its owner's).
  const workspace = useCurrentWorkspace();
  const membership = workspace.data?.membership ?? me.data?.membership;
  const plan = membership ? t(`membership.${membership.membershipType}`) : undefined;

  return (
    <div className={`dashboard ${withNav ? '' : 'no-nav'}`}>
      {withNav && (
        <>
          <button
            type="button"
            className="button ghost menu-button"
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" size={18} /> : <Menu aria-hidden="true" size={18} />} {menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          </button>
          {menuOpen && <div className="sidebar-backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
          <aside id="sidebar" className={`sidebar ${menuOpen ? 'open' : ''}`}>
            <Link to="/dashboard" className="logo">
              <Logo />
              {t('common.appName')}
            </Link>
            <WorkspaceSwitcher />
            <nav aria-label={t('nav.mainNavigation')}>
              <NavList items={mainNav} />
              <hr className="nav-separator" />
              <NavList items={moduleNav} />
              <hr className="nav-separator" />
              <NavList items={accountNav} />
            </nav>
            <div className="sidebar-bottom">
              <div className="toolbar">
                <LanguageSwitcher />
                <ThemeToggle />
                <NotificationsBell />
              </div>
              <div className="sidebar-user">
                <p className="signed-in-as truncate" data-testid="signed-in-email" title={user?.email || undefined}>
                  {user?.email || t('nav.notSignedIn')}
                </p>
                {plan && <p className="plan-badge">{plan}</p>}
              </div>
              {error && <ErrorBox>{error}</ErrorBox>}
              <button type="button" className="button secondary wide" onClick={() => void handleSignOut()} disabled={signingOut}>
                {signingOut ? t('nav.signingOut') : t('nav.signOut')}
              </button>
            </div>
          </aside>
        </>
      )}
      <main className="dashboard-main">
        <ApplySavedSettings />
        <LostAccessNotice />
        {/* A page of another workspace starts afresh: nothing of the last one's state stays. */}
        <Outlet key={workspaceId ?? 'personal'} />
      </main>
    </div>
  );
}
