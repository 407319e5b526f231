import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Platform } from '../../../../../shared/platforms';
import type { QueueSlot } from '../../../../../shared/queue';
import { useApi } from '../../../lib/useApi';

/** One account's queue, as its routes name it. */
export interface QueueAccount {
  platform: Platform;
  accountId: string;
}

const queueKey = (account: QueueAccount | undefined) => ['posts', 'queue', account?.platform, account?.accountId] as const;

/** An account's queue: slots, the next slots with their posts, the posts that wait (zone: the member's, when the workspace has none). */
export function useQueue(account: QueueAccount | undefined, timeZone: string) {
  const api = useApi();
  return useQuery({
    queryKey: queueKey(account),
    queryFn: () => api('getQueue', { path: account!, query: { timeZone } }),
    enabled: Boolean(account),
  });
}

export type QueueAction =
  | { kind: 'slots'; slots: QueueSlot[]; timeZone: string }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'order'; postIds: string[] }
  | { kind: 'skip'; at: string; skip: boolean }
  | { kind: 'next'; postId: string };

/** Every change to a queue answers the queue as it is now; the post lists are read again (their times moved). */
export function useQueueChange(account: QueueAccount | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: QueueAction) => {
      const path = account!;
      switch (action.kind) {
        case 'slots':
          return api('setQueueSlots', { path, body: { slots: action.slots, timeZone: action.timeZone } });
        case 'pause':
          return api('pauseQueue', { path });
        case 'resume':
          return api('resumeQueue', { path });
        case 'order':
          return api('reorderQueue', { path, body: { postIds: action.postIds } });
        case 'skip':
          return api('skipQueueSlot', { path, body: { at: action.at, skip: action.skip } });
        case 'next':
          return api('shareQueuePostNext', { path, body: { postId: action.postId } });
      }
    },
    onSuccess: (change) => {
      queryClient.setQueryData(queueKey(account), change.queue);
      return queryClient.invalidateQueries({ queryKey: ['posts'], predicate: (query) => query.queryKey[1] !== 'queue' });
    },
  });
}

/** Where "Add to queue" would put the post now, for the chosen accounts (the wizard shows it before adding). */
export function useQueuePreview(accounts: QueueAccount[], sameTimeForAll: boolean, timeZone: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['posts', 'queuePreview', accounts.map((account) => `${account.platform}#${account.accountId}`).join(','), sameTimeForAll, timeZone],
    queryFn: () => api('previewQueue', { body: { accounts, sameTimeForAll, timeZone } }),
    enabled: enabled && accounts.length > 0,
  });
}
