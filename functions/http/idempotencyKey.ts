import { InvalidInput } from '../errors';

/** The header a client sends with a write it may repeat (a double click, a retry after a lost answer). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A key: 8–255 visible ASCII characters (a UUID or a ULID fits). */
const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;

/** The Idempotency-Key header of a request, checked; undefined when the client sent none. */
export function idempotencyKeyOf(headers: Record<string, string | undefined> | undefined): string | undefined {
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === IDEMPOTENCY_HEADER);
  const key = entry?.[1]?.trim();
  if (key === undefined || key === '') return undefined;
  if (!KEY_PATTERN.test(key)) throw new InvalidInput('The Idempotency-Key header must be 8 to 255 visible ASCII characters (a UUID, for example).');
  return key;
}
