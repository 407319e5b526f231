/**
 * An invitation link opened while signed out: kept in this tab until the person has signed in
 * (or signed up and confirmed), then the dashboard takes them back to it.
 */
const storageKey = 'oneclick_pending_invitation';

export function keepPendingInvitation(token: string): void {
  try {
    globalThis.sessionStorage?.setItem(storageKey, token);
  } catch {
    // Without storage the person opens the mail's link again after signing in.
  }
}

export function takePendingInvitation(): string | undefined {
  try {
    const token = globalThis.sessionStorage?.getItem(storageKey) ?? undefined;
    globalThis.sessionStorage?.removeItem(storageKey);
    return token;
  } catch {
    return undefined;
  }
}
