import { randomInt } from 'node:crypto';

/**
 * A record key in TID form (atproto.com/specs/tid): 64 bits — 0, 53 bits of microseconds since
 * the epoch, 10 bits of clock id — in base32-sortable, 13 characters. Posts are keyed by TIDs.
 */
const ALPHABET = '234567abcdefghijklmnopqrstuvwxyz';

export function tidFor(epochMs: number, clockId = randomInt(1024)): string {
  let value = (BigInt(Math.floor(epochMs)) * 1000n + BigInt(randomInt(1000))) << 10n;
  value |= BigInt(clockId & 0x3ff);
  let text = '';
  for (let index = 0; index < 13; index += 1) {
    text = ALPHABET[Number(value & 31n)]! + text;
    value >>= 5n;
  }
  return text;
}

export const TID_PATTERN = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;
