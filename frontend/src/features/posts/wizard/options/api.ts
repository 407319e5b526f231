import { useQuery } from '@tanstack/react-query';
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
