import { createHash } from 'node:crypto';
import type { Platform } from '../../../shared/platforms';
import { escapeHtml } from './http';

/**
 * Who a sandbox account is on its platform: ids derived from a hash of platform + account name
 * (the same account always gets the same ids, across restarts and machines), shaped like the
 * platform's real ids.
 */

/** The account names the consent page accepts. */
export const accountNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

export function digest(platform: Platform, accountName: string, purpose: string): Buffer {
  return createHash('sha256').update(`${platform}\u0000${accountName}\u0000${purpose}`).digest();
}

export function digits(bytes: Buffer, count: number): string {
  let text = '';
  for (let index = 0; text.length < count; index += 1) text += String(bytes[index % bytes.length]! % 10);
  return text;
}

export const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const base64url = `${base62}-_`;

export function characters(bytes: Buffer, count: number, alphabet: string): string {
  let text = '';
  for (let index = 0; index < count; index += 1) text += alphabet[bytes[index % bytes.length]! % alphabet.length];
  return text;
}

export function uuidShape(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A handle the platform would accept: letters, digits, `_` and `.`, at most `max` long. */
export function handle(accountName: string, max: number): string {
  return accountName.toLowerCase().replace(/[^a-z0-9_.]/g, '_').slice(0, max);
}

export function splitName(displayName: string): { given: string; family: string } {
  const [given = displayName, ...rest] = displayName.split(' ');
  return { given, family: rest.join(' ') };
}

/** A small generated avatar: the account's initials on a colour derived from its id. */
export function avatarSvg(id: string, displayName: string): string {
  const hue = createHash('sha256').update(id).digest()[0]! * (360 / 256);
  const initials = displayName
    .split(' ')
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">',
    `<rect width="128" height="128" rx="64" fill="hsl(${Math.round(hue)} 55% 45%)"/>`,
    `<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="48" fill="#fff">${escapeHtml(initials)}</text>`,
    '</svg>',
  ].join('');
}
