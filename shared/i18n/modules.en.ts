/** English messages of the embedded modules (merged into en.ts). */
export const modulesEn = {
  loading: 'Loading {{name}} module...',
  frameTitle: '{{name}} module',
  retry: 'Retry',
  notConfigured: 'This module is not available on this deployment.',
  errors: {
    notSignedIn: 'User session not found. Please sign in.',
    tokenFailed: 'Could not get a custom token.',
    generic: 'An error occurred. Please try again later.',
    loadFailed: {
      influencer: 'The Influencer module could not be loaded. Please try again later.',
      podcast: 'The Podcast module could not be loaded.',
      imageGenerator: 'The image generator could not be loaded.',
    },
  },
  autotoon: {
    notSignedIn: 'User not logged in. Please sign in first.',
    setupFailed: 'Authentication setup failed',
    tokenMissing: 'Custom token not received',
    loadError: 'Error loading AutoToon',
    couldNotLoad: 'AutoToon could not be loaded. Please try again later.',
    status: {
      requestingToken: 'Requesting a sign-in token…',
      loadingFrame: 'Token received; loading AutoToon…',
      ready: 'AutoToon is ready.',
      completed: 'Animation complete; opening My Content…',
    },
  },
};
