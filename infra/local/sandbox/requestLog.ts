import type { Platform } from '../../../shared/platforms';

/**
 * Every platform request the sandbox served, as the route that answered it (`/{ig}/media_publish`,
 * not the ids in the path), so a test can list the calls a publish makes and fault each one
 * (the chaos matrix, test/chaos/). Bounded: the oldest entries go first.
 */

export interface RecordedCall {
  platform: Platform;
  hostKey: string;
  method: string;
  /** The route's path pattern, or the path itself when no route matched. */
  route: string;
  /** The sandbox account whose token the request carried, when it carried one. */
  account?: string;
  /** The request made a post appear on the platform's feed while it was handled (a create call). */
  posted?: true;
}

export interface RequestLog {
  add(call: RecordedCall): void;
  list(platform: Platform): RecordedCall[];
  clear(): void;
}

const MAX_ENTRIES = 10_000;

export function createRequestLog(): RequestLog {
  let calls: RecordedCall[] = [];
  return {
    add(call) {
      calls.push(call);
      if (calls.length > MAX_ENTRIES) calls = calls.slice(calls.length - MAX_ENTRIES);
    },
    list(platform) {
      return calls.filter((call) => call.platform === platform);
    },
    clear() {
      calls = [];
    },
  };
}
