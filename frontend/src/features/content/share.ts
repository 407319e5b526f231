/**
 * The local-storage key the post wizard reads on load (the spec's sharedContentUrl): it fetches
 * the URL as a file and uploads it like a chosen one, into the media bucket under the user's prefix.
 */
export const SHARED_CONTENT_KEY = 'sharedContentUrl';

export function storeSharedContent(url: string): void {
  localStorage.setItem(SHARED_CONTENT_KEY, url);
}
