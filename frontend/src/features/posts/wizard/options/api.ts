import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Platform } from '../../../../../../shared/platforms';
import { useApi } from '../../../../lib/useApi';

/**
 * The account's current posting settings from its platform (through our API; the tokens stay on
 * the server). Read when the options are shown and again after a minute, as the platform's
 * guidelines ask for current settings; the avatar URL it returns is short-lived.
 */
export function useCreatorInfo(platform: Platform, accountId: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['creatorInfo', platform, accountId],
    queryFn: () => api('getCreatorInfo', { path: { platform, accountId } }),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * How much of its platform's publishing limit the account has used, for platforms that report one
 * (capabilities' `publishingLimit`). Read when the review step shows the account, and again after a
 * minute.
 */
export function usePublishingQuota(platform: Platform, accountId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['publishingQuota', platform, accountId],
    queryFn: () => api('getPublishingQuota', { path: { platform, accountId } }),
    staleTime: 60_000,
    retry: false,
    enabled,
  });
}

/** The account's collections (boards), for a network whose posts go in one (`PostOptionsRule.collection`). */
export function useAccountCollections(platform: Platform, accountId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['accountCollections', platform, accountId],
    queryFn: () => api('listAccountCollections', { path: { platform, accountId } }),
    staleTime: 60_000,
    retry: false,
    enabled,
  });
}

/** Makes a collection for the account on its network; the list is read again once it exists. */
export function useCreateAccountCollection(platform: Platform, accountId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api('createAccountCollection', { path: { platform, accountId }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accountCollections', platform, accountId] }),
  });
}
