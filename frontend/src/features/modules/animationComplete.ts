import { ANIMATION_COMPLETE } from '../../../../shared/api/modules';

/**
 * True only for AutoToon's ANIMATION_COMPLETE: from AutoToon's configured origin, from the
 * AutoToon frame itself, with that type. Anything else (another origin, another window, another
 * message) is ignored.
 */
export function isAnimationComplete(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  autotoonOrigin: string | undefined,
  autotoonWindow: MessageEventSource | null | undefined,
): boolean {
  if (!autotoonOrigin || event.origin !== autotoonOrigin) return false;
  if (!autotoonWindow || event.source !== autotoonWindow) return false;
  const data: unknown = event.data;
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === ANIMATION_COMPLETE;
}
