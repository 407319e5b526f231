import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import './drafts.css';

/**
 * Published | Drafts, above the posts pages. The spec fixes the sidebar's items, so Drafts is a
 * tab of Posts rather than a nav item of its own (docs/decisions.md, "Drafts").
 */
export function PostsTabs() {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar posts-tabs" aria-label={t('composer.drafts.tabsLabel')}>
      <div className="tab-list">
        <NavLink to="/dashboard/posts" end className="tab">
          {t('composer.drafts.publishedTab')}
        </NavLink>
        <NavLink to="/dashboard/posts/drafts" className="tab">
          {t('composer.drafts.draftsTab')}
        </NavLink>
      </div>
    </nav>
  );
}
