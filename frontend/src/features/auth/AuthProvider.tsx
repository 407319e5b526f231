import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authApi, listenToAuth, type SignedInUser } from './api/amplify';
import { clearStoredUser } from './storedUser';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

interface AuthState {
  status: AuthStatus;
  user: SignedInUser | undefined;
  /** Re-reads the session (after sign-in). */
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<SignedInUser | undefined>();
  const queryClient = useQueryClient();

  const refresh = useCallback(async () => {
    const current = await authApi.currentUser();
    setUser(current);
    setStatus(current ? 'signedIn' : 'signedOut');
  }, []);

  const signOut = useCallback(async () => {
    await authApi.signOut();
    clearStoredUser();
    queryClient.clear();
    setUser(undefined);
    setStatus('signedOut');
  }, [queryClient]);

  useEffect(() => {
    // Auth's code failed to load: nobody can be signed in here until it does (Sign in says why).
    refresh().catch(() => setStatus('signedOut'));
    return listenToAuth((event) => {
      if (event === 'signedIn' || event === 'tokenRefresh') void refresh();
      if (event === 'signedOut' || event === 'tokenRefresh_failure') {
        clearStoredUser();
        setUser(undefined);
        setStatus('signedOut');
      }
    });
  }, [refresh]);

  const value = useMemo(() => ({ status, user, refresh, signOut }), [status, user, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
