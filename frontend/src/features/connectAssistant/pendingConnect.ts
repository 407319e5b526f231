/**
 * An assistant's sign-in opened while signed out: its request (the consent page's query) is kept
 * in this tab until the person has signed in, then the dashboard takes them back to it.
 */
const storageKey = 'oneclick_pending_assistant';

export function keepPendingConnect(search: string): void {
  try {
    globalThis.sessionStorage?.setItem(storageKey, search);
  } catch {
    // Without storage the person starts connecting again from the assistant after signing in.
  }
}

export function takePendingConnect(): string | undefined {
  try {
    const search = globalThis.sessionStorage?.getItem(storageKey) ?? undefined;
    globalThis.sessionStorage?.removeItem(storageKey);
    return search;
  } catch {
    return undefined;
  }
}
