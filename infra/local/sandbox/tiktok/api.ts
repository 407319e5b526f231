import { randomBytes } from 'node:crypto';
import { json, type SandboxResponse } from '../http';

/** TikTok's v2 API envelope `{data, error:{code, message, log_id}}`, shared by the profile and posting routes. */

/** TikTok's log ids: the time to the second, then 20 hex digits. */
export function tiktokLogId(now: number): string {
  const time = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${time}${randomBytes(10).toString('hex').toUpperCase()}`;
}

export function tiktokError(now: number, status: number, code: string, message: string): SandboxResponse {
  return json(status, { data: {}, error: { code, message, log_id: tiktokLogId(now) } });
}

export function tiktokOk(now: number, data: unknown): SandboxResponse {
  return json(200, { data, error: { code: 'ok', message: '', log_id: tiktokLogId(now) } });
}
