/** Bluesky needs no options beyond its hosts and credentials: AT Protocol is unversioned XRPC. */
export type BlueskyOptions = Record<string, never>;

export function readBlueskyOptions(): BlueskyOptions {
  return {};
}
