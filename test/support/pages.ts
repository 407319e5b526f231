/** Every page of the app, for the tests and scripts that visit them all (accessibility, CSP, layout, screenshots). */
export const publicPages = ['/', '/login', '/signup', '/reset-password', '/privacy', '/terms'];

export const dashboardPages = [
  '/dashboard',
  '/dashboard/accounts',
  '/dashboard/posts',
  '/dashboard/posts/drafts',
  '/dashboard/scheduled',
  '/dashboard/calendar',
  '/dashboard/analytics',
  '/dashboard/content',
  '/dashboard/influencer',
  '/dashboard/autotoon',
  '/dashboard/podcast',
  '/dashboard/image-generator',
  '/dashboard/settings',
  '/dashboard/activity',
  '/dashboard/review-links',
  '/dashboard/feeds',
  '/dashboard/api',
];
