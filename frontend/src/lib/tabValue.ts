/**
 * A value kept in this tab (sessionStorage) across a sign-in, then taken once: an invitation
 * link or an assistant's sign-in opened while signed out. Without storage nothing is kept, and the
 * person starts again from where they came (the mail's link, the assistant).
 */
export function tabValue(storageKey: string) {
  return {
    keep(value: string): void {
      try {
        globalThis.sessionStorage?.setItem(storageKey, value);
      } catch {
        // Nothing kept: see above.
      }
    },
    take(): string | undefined {
      try {
        const value = globalThis.sessionStorage?.getItem(storageKey) ?? undefined;
        globalThis.sessionStorage?.removeItem(storageKey);
        return value;
      } catch {
        return undefined;
      }
    },
  };
}
