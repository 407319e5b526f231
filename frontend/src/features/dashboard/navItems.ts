import type { en } from '../../../../shared/i18n/en';

export interface NavItem {
  to: string;
  label: keyof typeof en.nav;
  /** Only the exact path is active (the index route). */
  end?: boolean;
}

/** The dashboard nav in the spec's order: the main items, then (separated) the modules. */
export const mainNav: NavItem[] = [
  { to: '/dashboard', label: 'newPost', end: true },
  { to: '/dashboard/scheduled', label: 'scheduled' },
  { to: '/dashboard/calendar', label: 'calendar' },
  { to: '/dashboard/posts', label: 'posts' },
  { to: '/dashboard/analytics', label: 'analytics' },
  { to: '/dashboard/accounts', label: 'accounts' },
  { to: '/dashboard/content', label: 'content' },
];

export const moduleNav: NavItem[] = [
  { to: '/dashboard/influencer', label: 'influencer' },
  { to: '/dashboard/autotoon', label: 'autotoon' },
  { to: '/dashboard/podcast', label: 'podcast' },
  { to: '/dashboard/image-generator', label: 'imageGenerator' },
];

/** Below the modules: the user's own account. */
export const accountNav: NavItem[] = [{ to: '/dashboard/settings', label: 'settings' }];
