// What other features may use from auth; everything else in this folder is its own.
export { useAuth, type AuthStatus } from './AuthProvider';
export { useMe } from './api/useMe';
export { authErrorMessage } from './api/authErrors';
