/** English messages of My Content (merged into en.ts). */
export const contentEn = {
  filterLabel: 'Show',
  filters: {
    all: 'All Content',
    video: 'Videos',
    podcast: 'Podcasts',
  },
  loading: 'Loading your content…',
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  empty: {
    all: { title: 'No content yet', hint: 'Videos and podcasts you make with Influencer, AutoToon or Podcast appear here.' },
    video: { title: 'No videos yet', hint: 'Make a video with AutoToon or Influencer and it appears here.' },
    podcast: { title: 'No podcasts yet', hint: 'Make a podcast with the Podcast module and it appears here.' },
  },
  goToDashboard: 'Go to Dashboard',
  type: {
    video: 'Video',
    podcast: 'Podcast',
  },
  open: 'Play {{name}}',
  share: 'Share Content',
  download: 'Download',
  delete: 'Delete',
  deleting: 'Deleting...',
  close: 'Close',
  confirmDelete: {
    title: 'Delete this content?',
    body: '{{name}} will be deleted for good, with its file.',
    confirm: 'Delete',
    cancel: 'Cancel',
  },
  toasts: {
    loadFailed: 'Failed to load your content',
    storagePathMissing: 'Storage path not found for this content',
    deleted: 'Content deleted successfully',
    deleteFailed: 'Failed to delete content',
    shareUrlMissing: 'Unable to share content. URL not found.',
    dismiss: 'Dismiss',
    region: 'Notifications',
  },
};
