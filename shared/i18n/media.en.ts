/** Storage quota and post deletion (English). */
export const mediaEn = {
  storage: {
    used: 'Storage: {{used}} of {{max}} used (media and My Content)',
    usedUnlimited: 'Storage: {{used}} used (no limit on your plan)',
    meter: 'Storage used',
    failed: 'Your storage use could not be loaded.',
  },
  deletePost: {
    action: 'Delete',
    title: 'Delete this post?',
    historyOnly:
      'This removes the post from OneClick only. What was published stays on the platforms — delete it there if you want it gone.',
    alsoMedia_one: 'Also delete its file (unless another post uses it) and free its storage',
    alsoMedia_other: 'Also delete its {{count}} files (those no other post uses) and free their storage',
    cancelFirst: 'This post is scheduled. Cancel it first, then delete it.',
    keep: 'Keep post',
    confirm: 'Delete post',
    deleting: 'Deleting…',
  },
};
