import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText, Film, Image as ImageIcon, Maximize, Play } from 'lucide-react';
import type { MediaKind } from '../../../../../../shared/media';
import type { Post, PostMedia } from '../../../../../../shared/api/posts';
import { postOptionRules } from '../../../../../../shared/platforms/postOptions';

/** The words that describe a post's media to a screen reader: the file's alt text when written, else its kind and the post's title or the start of its description. */
function useMediaAlt(post: Pick<Post, 'title' | 'description'>): (media: Pick<PostMedia, 'kind' | 'altText'>) => string {
  const { t } = useTranslation();
  const about = post.title?.trim() || post.description.trim().slice(0, 120) || t('posts.untitled');
  return (media) => media.altText?.trim() || t(`posts.media.${media.kind}Alt`, { text: about });
}

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Muted before it plays (React does not set the muted attribute), so the browser lets it start on its own. */
function startMuted(video: HTMLVideoElement | null): void {
  if (!video) return;
  video.muted = true;
  void video.play().catch(() => undefined);
}

/** m:ss, for a video's length on its thumbnail. */
function duration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** No thumbnail (older media, a capture that failed, a URL that no longer loads): the kind's icon and name. */
export function MediaFallback({ kind, label }: { kind: MediaKind | 'none'; label?: string }) {
  const { t } = useTranslation();
  const Icon = kind === 'video' ? Film : kind === 'document' ? FileText : ImageIcon;
  return (
    <div className={`media-fallback media-${kind}`} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      {kind !== 'none' && <Icon size={28} aria-hidden="true" />}
      <span className="media-kind">{t(`posts.media.${kind}`)}</span>
    </div>
  );
}

/**
 * A card's media: the first file's thumbnail (a video's poster frame), lazily loaded; while
 * `previewing` (the card is hovered or focused) a video plays muted over it, unless the person
 * prefers reduced motion. The video is only mounted while it plays, so a list loads no video.
 */
export function PostThumbnail({ post, previewing }: { post: Post; previewing: boolean }) {
  const { t } = useTranslation();
  const alt = useMediaAlt(post);
  const [broken, setBroken] = useState(false);
  const first = post.media[0];
  if (!first) {
    return (
      <div className="post-thumb">
        <MediaFallback kind="none" />
      </div>
    );
  }
  const playing = previewing && first.kind === 'video' && Boolean(first.url) && !prefersReducedMotion();
  return (
    <div className={`post-thumb media-${first.kind}`}>
      {first.thumbnailUrl && !broken ? (
        <img src={first.thumbnailUrl} alt={alt(first)} loading="lazy" decoding="async" onError={() => setBroken(true)} />
      ) : (
        <MediaFallback kind={first.kind} label={alt(first)} />
      )}
      {playing && <video ref={startMuted} className="post-thumb-preview" src={first.url} muted loop autoPlay playsInline aria-hidden="true" tabIndex={-1} />}
      {first.kind === 'video' && (
        <span className="post-thumb-badge">
          <Play size={12} aria-hidden="true" />
          {first.durationSeconds !== undefined ? duration(first.durationSeconds) : t('posts.media.video')}
        </span>
      )}
      {post.media.length > 1 && <span className="post-thumb-count">{t('posts.media.count', { count: post.media.length })}</span>}
    </div>
  );
}

/** Asks for full screen on the element (the standard API, or iOS Safari's own for a video). */
function enterFullScreen(element: HTMLVideoElement | HTMLImageElement | null): void {
  if (!element) return;
  if (element.requestFullscreen) {
    void element.requestFullscreen().catch(() => undefined);
    return;
  }
  (element as HTMLVideoElement & { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen?.();
}

function FullScreenButton({ target, label }: { target: RefObject<HTMLVideoElement | HTMLImageElement | null>; label: string }) {
  return (
    <button type="button" className="button secondary media-fullscreen" onClick={() => enterFullScreen(target.current)}>
      <Maximize size={16} aria-hidden="true" />
      <span>{label}</span>
    </button>
  );
}

/** The title a network gave the post's document (LinkedIn's document title), from its target's options. */
function documentTitleOf(post: Pick<Post, 'targets'>): string | undefined {
  for (const target of post.targets) {
    const field = postOptionRules[target.platform]?.documentTitle?.field;
    const title = field ? target.options?.[field] : undefined;
    if (typeof title === 'string' && title.trim()) return title.trim();
  }
  return undefined;
}

function MediaItemView({ media, alt, documentTitle }: { media: PostMedia; alt: string; documentTitle?: string | undefined }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  if (!media.url || failed) {
    return (
      <figure className="post-media-item">
        <MediaFallback kind={media.kind} label={alt} />
        <figcaption className="post-media-error">{t('posts.media.loadFailed')}</figcaption>
      </figure>
    );
  }
  if (media.kind === 'document') {
    // A PDF is not shown inline: its card says what it is and opens it in the browser's own viewer.
    return (
      <figure className="post-media-item">
        <MediaFallback kind="document" label={alt} />
        <figcaption className="post-media-document">
          {documentTitle && <strong>{documentTitle}</strong>}
          <a href={media.url} target="_blank" rel="noopener noreferrer">
            {t('posts.media.openDocument')}
          </a>
        </figcaption>
      </figure>
    );
  }
  if (media.kind === 'video') {
    return (
      <figure className="post-media-item">
        <video
          ref={videoRef}
          className="post-media-video"
          src={media.url}
          poster={media.thumbnailUrl}
          controls
          playsInline
          preload="metadata"
          aria-label={alt}
          onError={() => setFailed(true)}
        />
        <FullScreenButton target={videoRef} label={t('posts.media.fullScreen')} />
      </figure>
    );
  }
  return (
    <figure className="post-media-item">
      <img ref={imageRef} className="post-media-image" src={media.url} alt={alt} decoding="async" onError={() => setFailed(true)} />
      <FullScreenButton target={imageRef} label={t('posts.media.fullScreen')} />
    </figure>
  );
}

/**
 * The post modal's media: each video in a player with controls and a full-screen button, each
 * image large. The URLs first shown are kept while the modal is open: the list refreshes the post
 * (with newly signed URLs) while it publishes, and a playing video must not restart.
 */
export function PostMediaViewer({ post }: { post: Post }) {
  const alt = useMediaAlt(post);
  const [pinned] = useState(() => new Map(post.media.map((media) => [media.key, media])));
  if (post.media.length === 0) {
    return (
      <div className="post-media">
        <MediaFallback kind="none" />
      </div>
    );
  }
  return (
    <div className={`post-media${post.media.length > 1 ? ' post-media-many' : ''}`}>
      {post.media.map((media) => {
        const shown = pinned.get(media.key)?.url ? pinned.get(media.key)! : media;
        return <MediaItemView key={media.key} media={shown} alt={alt(media)} documentTitle={media.kind === 'document' ? documentTitleOf(post) : undefined} />;
      })}
    </div>
  );
}
