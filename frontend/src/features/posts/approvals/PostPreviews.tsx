import { useState } from 'react';
import type { Post } from '../../../../../shared/api/posts';
import { platformsInDisplayOrder } from '../../../../../shared/platforms';
import { NetworkPreview } from '../wizard/preview/NetworkPreview';
import type { MediaItem } from '../wizard/useMediaUploads';
import { useConnectedAccounts } from '../wizard/api/wizardApi';

/** A post's files as the previews take them (its signed links; nothing is uploading). */
function previewMedia(post: Post): MediaItem[] {
  return post.media.map((item) => ({
    id: item.key,
    name: item.name ?? item.key.split('/').pop() ?? item.key,
    size: item.size,
    kind: item.kind,
    ...(item.url ? { previewUrl: item.url } : {}),
    ...(item.altText ? { altText: item.altText } : {}),
    status: 'done',
    loaded: item.size,
    bytesPerSecond: 0,
    media: { key: item.key, kind: item.kind, contentType: item.contentType, size: item.size, ...(item.durationSeconds !== undefined ? { durationSeconds: item.durationSeconds } : {}) },
  }));
}

/** How a submitted post will look on each of its networks: the composer's previews, switched by network. */
export function PostPreviews({ post }: { post: Post }) {
  const connections = useConnectedAccounts();
  const chosen = platformsInDisplayOrder.filter((platform) => post.platforms.includes(platform));
  const [platform, setPlatform] = useState(chosen[0]);
  if (!platform) return null;
  const accounts = (connections.data?.connections ?? []).filter((connection) => post.targets.some((target) => target.platform === connection.platform && target.accountId === connection.platformUserId));
  return (
    <NetworkPreview
      chosen={chosen}
      platform={platform}
      onPlatform={setPlatform}
      accounts={accounts}
      media={previewMedia(post)}
      description={post.description}
      texts={post.texts ?? {}}
      {...(post.threads ? { threads: post.threads } : {})}
      title={post.title ?? ''}
    />
  );
}
