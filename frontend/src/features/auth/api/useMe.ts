import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/useApi';
import { useAuth } from '../AuthProvider';
import { storeUser } from '../storedUser';

/** The signed-in user's membership (created on the server on first call), kept in local storage. */
export function useMe() {
  const api = useApi();
  const { status, user } = useAuth();
  return useQuery({
    queryKey: ['me', user?.userId],
    enabled: status === 'signedIn',
    queryFn: async () => {
      const me = await api('getMe');
      storeUser(me);
      return me;
    },
    staleTime: 60_000,
  });
}
