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

function digest(platform: Platform, accountName: string, purpose: string): Buffer {
  return createHash('sha256').update(`${platform}\u0000${accountName}\u0000${purpose}`).digest();
}

function digits(bytes: Buffer, count: number): string {
  let text = '';
  for (let index = 0; text.length < count; index += 1) text += String(bytes[index % bytes.length]! % 10);
  return text;
}

const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const base64url = `${base62}-_`;

function characters(bytes: Buffer, count: number, alphabet: string): string {
  let text = '';
  for (let index = 0; index < count; index += 1) text += alphabet[bytes[index % bytes.length]! % alphabet.length];
  return text;
}

function uuidShape(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** YouTube channel id: "UC" + 22 base64url characters. */
export function youtubeChannelId(accountName: string): string {
  return `UC${characters(digest('youtube', accountName, 'channel'), 22, base64url)}`;
}

/** Google account id: 21 digits, starting with 1. */
export function googleUserId(accountName: string): string {
  return `1${digits(digest('youtube', accountName, 'user'), 20)}`;
}

export function tiktokOpenId(accountName: string): string {
  return uuidShape(digest('tiktok', accountName, 'open_id'));
}

export function tiktokUnionId(accountName: string): string {
  return uuidShape(digest('tiktok', accountName, 'union_id'));
}

/** The Instagram professional account id (`user_id`): 17 digits starting 17841, like the real ones. */
export function instagramUserId(accountName: string): string {
  return `17841${digits(digest('instagram', accountName, 'user_id'), 12)}`;
}

/** The app-scoped Instagram user id (`id` on /me): 16 digits. */
export function instagramAppScopedId(accountName: string): string {
  return `2${digits(digest('instagram', accountName, 'id'), 15)}`;
}

/** X user id: a 19-digit snowflake. */
export function xUserId(accountName: string): string {
  return `1${digits(digest('x', accountName, 'id'), 18)}`;
}

/** X username: at most 15 letters, digits and `_`. */
export function xUsername(accountName: string): string {
  return handle(accountName, 15).replace(/\./g, '_');
}

/** LinkedIn OpenID `sub`: 10 alphanumerics (the author URN is urn:li:person:{sub}). */
export function linkedinSub(accountName: string): string {
  return characters(digest('linkedin', accountName, 'sub'), 10, base62);
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
