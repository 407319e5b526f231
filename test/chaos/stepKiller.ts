import type { Platform } from '../../shared/platforms';
import type { Sandbox } from '../../infra/local/sandbox/sandbox';

/**
 * "The step killed right after the call": the platform gets the request and acts, and the step
 * that sent it never runs another line, as when Lambda's timeout ends it. The twin runs the
 * steps in this process, so the matrix wraps fetch: the armed call's answer never reaches the
 * step, and the twin's step timeout (ONECLICK_TWIN_STEP_TIMEOUT_MS) ends the invocation with
 * Lambda.Unknown, as Step Functions sees a Lambda timeout.
 */

export interface CallMatch {
  platform: Platform;
  method: string;
  hostKey: string;
  route: string;
}

export interface StepKiller {
  /** The next request of this call (by the sandbox's request log) never answers. One per platform. */
  killAfter(call: CallMatch): void;
  disarm(platform: Platform): void;
}

export function installStepKiller(sandbox: Sandbox): StepKiller {
  const realFetch = globalThis.fetch;
  const armed = new Map<Platform, CallMatch>();
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const target = [...armed.values()].find((call) => url.startsWith(`${sandbox.url}/${call.platform}/${call.hostKey}/`));
    if (!target) return response;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method !== target.method) return response;
    const last = (await sandbox.control.requests(target.platform)).at(-1);
    if (last?.route !== target.route || last.method !== target.method || last.hostKey !== target.hostKey) return response;
    armed.delete(target.platform);
    await response.body?.cancel();
    return new Promise<Response>(() => undefined);
  };
  return {
    killAfter(call) {
      armed.set(call.platform, call);
    },
    disarm(platform) {
      armed.delete(platform);
    },
  };
}
