import type { PlatformHttp } from '../http';
import type { AccountLimits } from '../../../shared/platforms/capabilities';
import { Rejected } from '../errors';
import { mastodon, MASTODON_URL_CHARACTERS } from '../../../shared/platforms/mastodon';
import { mastodonPollLimits } from '../../../shared/platforms/mastodonOptions';
import { classifyMastodonError, NAME } from './errors';

/**
 * The limits one instance sets (GET /api/v2/instance, `configuration`; docs.joinmastodon.org/
 * entities/Instance): a status's characters, its media and the characters every URL counts for;
 * each file's types and sizes; its polls. A field the instance leaves out keeps the default
 * instance's value (shared/platforms/mastodon.ts).
 */
export interface InstanceLimits {
  maxCharacters: number;
  maxMediaAttachments: number;
  charactersReservedPerUrl: number;
  supportedMimeTypes: string[];
  imageSizeLimit: number;
  videoSizeLimit: number;
  pollMaxOptions: number;
  pollMaxCharactersPerOption: number;
  pollMinExpiration: number;
  pollMaxExpiration: number;
}

const positive = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback);

export function instanceLimitsOf(body: unknown): InstanceLimits {
  const configuration = ((body ?? {}) as { configuration?: Record<string, Record<string, unknown> | undefined> }).configuration ?? {};
  const statuses = configuration['statuses'] ?? {};
  const media = configuration['media_attachments'] ?? {};
  const polls = configuration['polls'] ?? {};
  const defaults = mastodon.media;
  const types = media['supported_mime_types'];
  return {
    maxCharacters: positive(statuses['max_characters'], mastodon.text.max),
    maxMediaAttachments: positive(statuses['max_media_attachments'], defaults.image!.maxCount),
    charactersReservedPerUrl: positive(statuses['characters_reserved_per_url'], MASTODON_URL_CHARACTERS),
    supportedMimeTypes: Array.isArray(types) && types.every((type) => typeof type === 'string') ? types : [...defaults.image!.formats, ...defaults.video!.formats],
    imageSizeLimit: positive(media['image_size_limit'], defaults.image!.maxBytes!),
    videoSizeLimit: positive(media['video_size_limit'], defaults.video!.maxBytes!),
    pollMaxOptions: positive(polls['max_options'], mastodonPollLimits.maxOptions),
    pollMaxCharactersPerOption: positive(polls['max_characters_per_option'], mastodonPollLimits.maxCharactersPerOption),
    pollMinExpiration: positive(polls['min_expiration'], mastodonPollLimits.minExpiration),
    pollMaxExpiration: positive(polls['max_expiration'], mastodonPollLimits.maxExpiration),
  };
}

/** The instance's limits as the connection keeps them (shared/platforms/accountLimits.ts). */
export function accountLimitsOf(limits: InstanceLimits, now: Date): AccountLimits {
  return {
    textMax: limits.maxCharacters,
    urlCharacters: limits.charactersReservedPerUrl,
    imageMaxCount: limits.maxMediaAttachments,
    imageMaxBytes: limits.imageSizeLimit,
    videoMaxBytes: limits.videoSizeLimit,
    pollMaxOptions: limits.pollMaxOptions,
    pollMaxCharactersPerOption: limits.pollMaxCharactersPerOption,
    pollMinSeconds: limits.pollMinExpiration,
    pollMaxSeconds: limits.pollMaxExpiration,
    readAt: now.toISOString(),
  };
}

/** The instance's limits, read without a token (the endpoint is public). */
export async function readInstanceLimits(http: PlatformHttp, server: string, now: Date): Promise<InstanceLimits> {
  const response = await http({ method: 'GET', url: `${server}/api/v2/instance` });
  if (response.status < 200 || response.status >= 300) throw classifyMastodonError(response, now);
  if (typeof response.body !== 'object' || response.body === null) throw new Rejected(`${NAME}: ${server} did not describe itself as a Mastodon server`);
  return instanceLimitsOf(response.body);
}
