/** English messages of the shared interface pieces: dialogs, empty states, plans, layout (merged into en.ts). */
export const uiEn = {
  accountsHeading: 'Accounts',
  sandboxOnly: 'Verified only against OneClick’s platform sandbox, which follows each network’s documentation — not yet against the network itself: {{networks}}.',
  sandboxOnlyAll: 'All verified only against OneClick’s platform sandbox, which follows each network’s documentation — not yet against the networks themselves.',
  disconnectConfirm: {
    title: 'Disconnect {{platform}} account?',
    body: 'OneClick will stop publishing to {{name}} on {{platform}} and remove its tokens. Scheduled posts for this account will fail until you connect it again.',
    confirm: 'Disconnect',
    cancel: 'Cancel',
  },
  upgradeHow: 'Plans are not sold in the app: ask the person who runs this OneClick to change your plan. They do it with one command, described in the README:{{command}}',
  loadFailedChunk: 'This page could not be loaded. Check your connection and try again.',
  retry: 'Try again',
  loadingPage: 'Loading page…',
  moduleStatus: 'Status',
  timeZone: {
    search: 'Search cities or time zones',
    yours: 'Your browser’s time zone',
    noMatch: 'No time zone matches “{{query}}”.',
    option: '{{city}} ({{offset}})',
  },
  emptyPosts: {
    scheduledHint: 'Pick a time in step 4 of a new post and it waits here until then.',
    publishedHint: 'Posts you publish appear here with each network’s status and link.',
    action: 'Create a post',
  },
  landing: {
    badge: 'Publish once. Everywhere.',
    screenshotAlt: 'The OneClick dashboard: a week of scheduled posts across several networks',
    networks: 'Publishes to',
    promiseTitle: 'Exactly once, every time',
    promiseBody: 'Each post reaches each account once: a retry after a network hiccup never posts twice, and a failure is shown in words with a button to try again.',
  },
};
