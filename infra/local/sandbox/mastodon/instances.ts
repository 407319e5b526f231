import { digest, digits } from '../identity';
import { json } from '../http';
import type { PlatformContext } from '../platform';
import type { AccountRecord } from '../store';

/** The sandbox's Mastodon instances and what their routes share (index.ts, statuses.ts). */

export interface MastodonInstance {
  key: string;
  domain: string;
  maxCharacters: number;
  maxMediaAttachments: number;
  imageSizeLimit: number;
  videoSizeLimit: number;
}

const MiB = 1024 * 1024;
export const mastodonInstances: readonly MastodonInstance[] = [
  { key: 'social', domain: 'social.mastodon.sandbox', maxCharacters: 500, maxMediaAttachments: 4, imageSizeLimit: 16 * MiB, videoSizeLimit: 99 * MiB },
  { key: 'large', domain: 'large.mastodon.sandbox', maxCharacters: 5000, maxMediaAttachments: 8, imageSizeLimit: 32 * MiB, videoSizeLimit: 200 * MiB },
];
export const instanceByKey = new Map(mastodonInstances.map((instance) => [instance.key, instance]));

export const SUPPORTED_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/webm', 'video/quicktime'];

export type Caller = { account: AccountRecord; instance: MastodonInstance; scopes: string[] };

/** An account's id on an instance (ids are per server: the same name has another id elsewhere). */
export const accountIdOn = (context: PlatformContext, instance: MastodonInstance, name: string) => `${mastodonInstances.indexOf(instance) + 1}${digits(digest(context.platform, name, 'id'), 17)}`;

export const mastodonError = (status: number, error: string, headers: Record<string, string> = {}) => json(status, { error }, headers);

/** The instance an app was registered at: its id starts with the instance's key. */
export const instanceOfClient = (clientId: string) => instanceByKey.get(clientId.split('.')[0] ?? '');
