import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import type { Connection } from '../../../../../../shared/api/connections';
import { mediaForPlatform, textFor, threadFor, type NetworkTexts, type NetworkThreads } from '../../../../../../shared/platformRules';
import { platformNames, type Platform } from '../../../../../../shared/platforms';
import type { MediaFrame, PreviewRule } from '../../../../../../shared/platforms/capabilities';
import { foldText, frameAspect } from '../../../../../../shared/preview';
import { brandStyle } from '../../../../components/ui/brandStyle';
import { PlatformMark } from '../../../../components/ui/PlatformMark';
import type { MediaItem } from '../useMediaUploads';
import './preview.css';
import { previewRules } from '../../../../../../shared/platforms/previews';
import type { LocalPostOptions } from '../../../../../../shared/platforms/localPost';

/**
 * The post as one chosen network shows it in its feed, beside the editor and live as the user
 * types: the account's avatar and name, the network's text (its own, else the description) cut
 * where its feed shows "more", the first file it gets framed in its shape, and a title where it
 * shows one. Every fact comes from the platform data's `preview`. With several networks chosen, a
 * row of their marks switches the network previewed.
 */
export function NetworkPreview({
  chosen,
  platform,
  onPlatform,
  accounts,
  media,
  description,
  texts,
  threads,
  title,
  formats = {},
  documentTitles = {},
  localPosts = {},
}: {
  chosen: readonly Platform[];
  /** The network previewed (one of `chosen`). */
  platform: Platform;
  onPlatform: (platform: Platform) => void;
  /** The chosen accounts: the network's first one is the post's author. */
  accounts: readonly Connection[];
  /** The uploaded files, in the post's order. */
  media: readonly MediaItem[];
  description: string;
  texts: NetworkTexts;
  /** A network going as a thread shows its posts one under the other. */
  threads?: NetworkThreads;
  title: string;
  /** The format chosen for a network's first account where it has one (an Instagram story). */
  formats?: Partial<Record<Platform, string>>;
  /** A document's title where the network posts the post's document (LinkedIn), which its card shows. */
  documentTitles?: Partial<Record<Platform, string>>;
  /** A local post's parts (kind, title and dates, coupon, button) for a network whose preview shows them, as the form holds them (not yet checked). */
  localPosts?: Partial<Record<Platform, Partial<LocalPostOptions>>>;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const account = accounts.find((candidate) => candidate.platform === platform);
  const thread = threadFor({ threads }, platform);
  const name = platformNames[platform];
  return (
    <section className="network-preview" aria-labelledby={headingId} data-platform={platform}>
      <div className="network-preview-head">
        <h3 id={headingId} className="network-preview-heading">
          <PlatformMark platform={platform} size="sm" />
          {t('composer.preview.heading', { platform: name })}
        </h3>
        {chosen.length > 1 && (
          <div className="network-preview-switch" role="group" aria-label={t('composer.preview.switchLabel')}>
            {chosen.map((network) => (
              <button key={network} type="button" aria-pressed={network === platform} title={platformNames[network]} onClick={() => onPlatform(network)}>
                <PlatformMark platform={network} size="sm" />
                <span className="visually-hidden">{platformNames[network]}</span>
              </button>
            ))}
          </div>
        )}
      </div>
      <PreviewPost
        key={platform}
        platform={platform}
        account={account}
        file={mediaForPlatform(platform, media)[0]}
        text={textFor({ description, texts, threads }, platform)}
        title={title}
        format={formats[platform]}
        documentTitle={documentTitles[platform] ?? ''}
        localPost={localPosts[platform]}
      />
      {thread && (
        <ol className="preview-thread" aria-label={t('composer.thread.summary', { platform: name, count: thread.length })}>
          {thread.slice(1).map((part, index) => (
            <li key={index}>
              <PreviewReply platform={platform} account={account} text={part} />
            </li>
          ))}
        </ol>
      )}
      <p className="hint network-preview-note">{t('composer.preview.approximate', { platform: name })}</p>
    </section>
  );
}

function PreviewPost({
  platform,
  account,
  file,
  text,
  title,
  format,
  documentTitle,
  localPost,
}: {
  platform: Platform;
  account: Connection | undefined;
  file: MediaItem | undefined;
  text: string;
  title: string;
  format: string | undefined;
  documentTitle: string;
  localPost: Partial<LocalPostOptions> | undefined;
}) {
  const { t } = useTranslation();
  const feedRule = previewRules[platform];
  // A chosen format the network shows its own way (an Instagram story: 9:16, no caption).
  const own = format ? feedRule.formats?.[format] : undefined;
  const rule = own ? { ...feedRule, media: own.media } : feedRule;
  const textPlace = own ? own.text : feedRule.text;
  const [expanded, setExpanded] = useState(false);
  const frame = file && file.kind !== 'document' ? rule.media[file.kind] : undefined;
  const author = <PreviewAuthor platform={platform} account={account} shows={rule.author} />;
  const body = (
    <>
      {rule.title && <p className={`preview-title${title.trim() ? '' : ' preview-placeholder'}`}>{title.trim() || t('composer.preview.noTitle')}</p>}
      <PreviewText text={text} fold={rule.fold} expanded={expanded} onExpanded={setExpanded} />
      {rule.localPost && localPost && <PreviewLocalPost post={localPost} />}
    </>
  );
  const pictured =
    file?.kind === 'document' ? (
      // A document post: a card with its title over the first page, which people swipe through.
      <div className="preview-document" role="group" aria-label={t('composer.preview.document.label')}>
        <p className={`preview-document-title${documentTitle.trim() ? '' : ' preview-placeholder'}`}>{documentTitle.trim() || t('composer.preview.document.noTitle')}</p>
        <div className="preview-document-page">
          <FileText size={32} aria-hidden="true" />
          <p className="hint">{t('composer.preview.document.pages', { name: file.name })}</p>
        </div>
      </div>
    ) : file && frame ? (
      <PreviewMedia file={file} frame={frame} />
    ) : null;
  if (own && textPlace === 'none') {
    return (
      <div className="preview-post preview-text-none" style={brandStyle(platform)} data-format={format}>
        <div className="preview-stage">
          {pictured}
          <div className="preview-overlay">{author}</div>
        </div>
        {!file && <p className="hint">{t('composer.preview.noMedia', { platform: platformNames[platform] })}</p>}
        <ul className="hint preview-not-carried" aria-label={t('composer.preview.notCarriedLabel', { format: t(`composer.preview.formats.${format}` as never) })}>
          {own.notCarried.map((code) => (
            <li key={code}>{t(`composer.preview.notCarried.${code}` as never, { platform: platformNames[platform] })}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className={`preview-post preview-text-${textPlace}`} style={brandStyle(platform)}>
      {textPlace === 'over' ? (
        <div className="preview-stage">
          {pictured}
          <div className="preview-overlay">
            {author}
            {body}
          </div>
        </div>
      ) : (
        <>
          {author}
          {textPlace === 'above' && body}
          {pictured}
          {textPlace === 'below' && body}
        </>
      )}
      {!file && <p className="hint">{t('composer.preview.noMedia', { platform: platformNames[platform] })}</p>}
    </div>
  );
}

/** A civil date-time (`2026-12-05T10:00`, the place's local time) in the user's language, no time zone shift. */
function civil(value: string | undefined, language: string): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date);
}

/** A local post's parts as the place's profile shows them: an event's or offer's title and dates, an offer's coupon, the button. */
function PreviewLocalPost({ post }: { post: Partial<LocalPostOptions> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const kind = post.kind ?? 'update';
  const start = civil(post.event?.start, language);
  const end = civil(post.event?.end, language);
  const button = kind !== 'offer' ? post.callToAction?.type : undefined;
  return (
    <div className="preview-local-post">
      {kind !== 'update' && (
        <>
          <p className={`preview-title${post.event?.title?.trim() ? '' : ' preview-placeholder'}`}>{post.event?.title?.trim() || t('composer.preview.localPost.noTitle')}</p>
          <p className="hint">{start && end ? t('composer.preview.localPost.dates', { start, end }) : t('composer.preview.localPost.noDates')}</p>
        </>
      )}
      {kind === 'offer' && post.offer?.couponCode?.trim() && (
        <p className="preview-coupon">
          {t('composer.preview.localPost.coupon')} <strong>{post.offer.couponCode.trim()}</strong>
        </p>
      )}
      {kind === 'offer' && post.offer?.redeemUrl?.trim() && <p className="preview-local-link">{t('composer.preview.localPost.redeem')}</p>}
      {button && (
        <span className="preview-local-button" role="presentation">
          {t(`postOptions.localPost.actions.${button}` as never)}
        </span>
      )}
    </div>
  );
}

/** A later post of a thread: the author and the text, cut where the feed cuts it, no media. */
function PreviewReply({ platform, account, text }: { platform: Platform; account: Connection | undefined; text: string }) {
  const rule = previewRules[platform];
  const [expanded, setExpanded] = useState(false);
  return (
    <div className="preview-post preview-reply" style={brandStyle(platform)}>
      <PreviewAuthor platform={platform} account={account} shows={rule.author} />
      <PreviewText text={text} fold={rule.fold} expanded={expanded} onExpanded={setExpanded} />
    </div>
  );
}

/** The avatar (or a monogram where the account has none) and the name the network shows. */
function PreviewAuthor({ platform, account, shows }: { platform: Platform; account: Connection | undefined; shows: PreviewRule['author'] }) {
  const [broken, setBroken] = useState(false);
  const displayName = account?.displayName ?? platformNames[platform];
  const handle = account?.username?.replace(/^@/, '');
  const initial = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(displayName.trim())][0]?.segment.toUpperCase() ?? '?';
  return (
    <div className="preview-author">
      {account?.avatarUrl && !broken ? (
        <img className="preview-avatar" src={account.avatarUrl} alt="" width={36} height={36} referrerPolicy="no-referrer" onError={() => setBroken(true)} />
      ) : (
        <span className="preview-avatar preview-monogram" aria-hidden="true">
          {initial}
        </span>
      )}
      <span className="preview-names">
        {shows === 'handle' && handle ? <strong>{handle}</strong> : <strong>{displayName}</strong>}
        {shows === 'nameAndHandle' && handle && <span className="preview-handle">@{handle}</span>}
      </span>
    </div>
  );
}

/** The text cut where the feed cuts it, with the network's "more" link; the link shows the rest. */
function PreviewText({ text, fold, expanded, onExpanded }: { text: string; fold: PreviewRule['fold']; expanded: boolean; onExpanded: (expanded: boolean) => void }) {
  const { t } = useTranslation();
  if (!text.trim()) return <p className="preview-text preview-placeholder">{t('composer.preview.noText')}</p>;
  const folded = foldText(text, fold);
  if (!folded.more || !fold) return <p className="preview-text">{text}</p>;
  const link = (
    <button type="button" className="preview-more" aria-expanded={expanded} onClick={() => onExpanded(!expanded)}>
      {expanded ? t('composer.preview.less') : fold.more}
    </button>
  );
  if (expanded || fold.moreOnOwnLine) {
    return (
      <p className="preview-text">
        {expanded ? text : folded.shown}
        {fold.moreOnOwnLine ? <br /> : ' '}
        {link}
      </p>
    );
  }
  // The link stays on the line of the last word, as the feed's does (a short last word; a long one may wrap on its own).
  const lastWord = /(?:^|\s)(\S{1,16})$/u.exec(folded.shown)?.[1] ?? '';
  return (
    <p className="preview-text">
      {folded.shown.slice(0, folded.shown.length - lastWord.length)}
      <span className="preview-fold-end">
        {lastWord}
        {link}
      </span>
    </p>
  );
}

/** The first file the network gets, in the shape its feed gives it (CSS aspect-ratio; cropped by object-fit: cover, or whole in a player's box). */
function PreviewMedia({ file, frame }: { file: MediaItem; frame: MediaFrame }) {
  const { t } = useTranslation();
  const stored = file.media?.width && file.media.height ? { width: file.media.width, height: file.media.height } : undefined;
  const [loaded, setLoaded] = useState<{ width: number; height: number }>();
  const aspectRatio = String(frameAspect(frame, stored ?? loaded));
  return (
    <div className={`preview-media${'fit' in frame ? ' preview-media-whole' : ''}`} style={{ aspectRatio }}>
      {!file.previewUrl ? (
        <span className="preview-media-missing">{t('composer.preview.noPicture', { name: file.name })}</span>
      ) : file.kind === 'image' ? (
        <img src={file.previewUrl} alt={file.altText?.trim() ?? ''} onLoad={(event) => setLoaded({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })} />
      ) : (
        <video
          src={`${file.previewUrl}#t=0.1`}
          muted
          playsInline
          preload="metadata"
          aria-hidden="true"
          onLoadedMetadata={(event) => setLoaded({ width: event.currentTarget.videoWidth, height: event.currentTarget.videoHeight })}
        />
      )}
    </div>
  );
}
