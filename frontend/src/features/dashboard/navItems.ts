import type { LucideIcon } from 'lucide-react';
import { BarChart3, Building2, CalendarClock, CalendarDays, ClipboardCheck, Clapperboard, Code2, FolderOpen, History, Image, Link2, ListOrdered, Mic, PenSquare, Rss, Send, Settings, Sparkles, Users } from 'lucide-react';
import type { en } from '../../../../shared/i18n/en';
import type { WorkspaceAction } from '../../../../shared/api/authorization';

export interface NavItem {
  to: string;
  label: keyof typeof en.nav;
  /** Only the exact path is active (the index route). */
  end?: boolean;
  icon: LucideIcon;
  /** Shown only in a shared workspace (nothing waits for approval in a personal one). */
  sharedOnly?: true;
  /** Shown only to a role that may do this in the current workspace (shared/api/authorization.ts). */
  action?: WorkspaceAction;
}

/** The dashboard nav in the spec's order: the main items, then (separated) the modules. */
export const mainNav: NavItem[] = [
  { to: '/dashboard', label: 'newPost', end: true, icon: PenSquare },
  { to: '/dashboard/scheduled', label: 'scheduled', icon: CalendarClock },
  { to: '/dashboard/calendar', label: 'calendar', icon: CalendarDays },
  { to: '/dashboard/queue', label: 'queue', icon: ListOrdered },
  { to: '/dashboard/posts', label: 'posts', icon: Send },
  { to: '/dashboard/approvals', label: 'approvals', icon: ClipboardCheck, sharedOnly: true },
  { to: '/dashboard/analytics', label: 'analytics', icon: BarChart3 },
  { to: '/dashboard/accounts', label: 'accounts', icon: Users },
  { to: '/dashboard/content', label: 'content', icon: FolderOpen },
  { to: '/dashboard/feeds', label: 'feeds', icon: Rss },
];

export const moduleNav: NavItem[] = [
  { to: '/dashboard/influencer', label: 'influencer', icon: Sparkles },
  { to: '/dashboard/autotoon', label: 'autotoon', icon: Clapperboard },
  { to: '/dashboard/podcast', label: 'podcast', icon: Mic },
  { to: '/dashboard/image-generator', label: 'imageGenerator', icon: Image },
];

/** Below the modules: the current workspace (members, approvals rule) and the user's own account. */
export const accountNav: NavItem[] = [
  { to: '/dashboard/workspace', label: 'workspace', icon: Building2 },
  { to: '/dashboard/activity', label: 'activity', icon: History },
  { to: '/dashboard/review-links', label: 'reviewLinks', icon: Link2, action: 'manageWorkspace' },
  { to: '/dashboard/settings', label: 'settings', icon: Settings },
  { to: '/dashboard/api', label: 'api', icon: Code2 },
];
