import { useSyncExternalStore } from 'react';

/**
 * The workspace the app works in: a shared workspace's id, or undefined for the personal one.
 * Kept in this tab's memory and in localStorage (so the OAuth round trip and a new tab come back
 * to it); the dashboard's URL carries it too (?workspace=<id>), so a link opens the same workspace.
 */
const storageKey = 'oneclick_workspace';
type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(storageKey) ?? undefined;
  } catch {
    return undefined;
  }
}

let current: string | undefined = read();

export function currentWorkspaceId(): string | undefined {
  return current;
}

export function switchWorkspace(workspaceId: string | undefined): void {
  if (workspaceId === current) return;
  current = workspaceId;
  try {
    if (workspaceId) globalThis.localStorage?.setItem(storageKey, workspaceId);
    else globalThis.localStorage?.removeItem(storageKey);
  } catch {
    // Private mode without storage: the URL still carries the workspace.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentWorkspaceId(): string | undefined {
  return useSyncExternalStore(subscribe, currentWorkspaceId, currentWorkspaceId);
}

/** Set when an API call said the caller is no longer a member of the current workspace. */
let lost: string | undefined;
const lostListeners = new Set<Listener>();
export function reportLostAccess(message: string): void {
  lost = message;
  for (const listener of lostListeners) listener();
}
export function clearLostAccess(): void {
  lost = undefined;
  for (const listener of lostListeners) listener();
}
export function useLostAccess(): string | undefined {
  return useSyncExternalStore(
    (listener) => {
      lostListeners.add(listener);
      return () => lostListeners.delete(listener);
    },
    () => lost,
    () => lost,
  );
}
