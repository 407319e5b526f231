/**
 * What one platform is and can do, as data: the one place a platform's names, colours, limits and
 * features are written down (platform-apis.md, and the product spec where it sets a rule). The
 * wizard, the lists, the style sheet, the API's validation and the publishers all read these
 * entries; none of them names a platform.
 */

/**
 * How a platform counts a post's text; the counter says the unit in words. `emojiBytes`: characters
 * as people see them (graphemes), an emoji counting its UTF-8 bytes.
 */
export type TextUnit = 'characters' | 'utf16Units' | 'bytes' | 'weightedCharacters' | 'graphemes' | 'emojiBytes';

export interface TextRule {
  /** The most the text may count, in `unit`. */
  max: number;
  unit: TextUnit;
  /**
   * Counts the text as the platform does; `limits`, the account's own where its server sets them
   * (`accountLimits`: how many characters a link counts for there).
   */
  count(text: string, limits?: AccountLimits | null): number;
  /** The platform's other text rules (hashtags, mentions, characters), as messages; empty when fine. */
  problems?(text: string): string[];
  /**
   * The longest text, in UTF-16 units, that is counted at all, where counting is costly: a longer
   * one is too long whatever it holds and is refused without counting (`beyondCounting`).
   */
  maxLength?: number;
  /**
   * Present where the counting code is loaded on demand (X's twitter-text, in the browser):
   * `count` and `problems` throw until `ready()` is true; `load()` makes it so (and rejects when
   * the code cannot be fetched). Where absent, the rule is always ready.
   */
  ready?(): boolean;
  load?(): Promise<void>;
}

/**
 * The limits one account's server sets, read from the platform when the account is connected (and
 * again at most daily), kept on the connection in plain text (nothing secret). Each field absent
 * keeps the platform data's figure.
 */
export interface AccountLimits {
  /** The most the text may count, in the platform's unit. */
  textMax?: number;
  /** How many characters every link counts for, where the platform counts links at a fixed length. */
  urlCharacters?: number;
  /** Images (files) in one post. */
  imageMaxCount?: number;
  imageMaxBytes?: number;
  videoMaxBytes?: number;
  /** Polls: the most options, the longest option, the shortest and longest duration in seconds. */
  pollMaxOptions?: number;
  pollMaxCharactersPerOption?: number;
  pollMinSeconds?: number;
  pollMaxSeconds?: number;
  /** When they were read (ISO time). */
  readAt: string;
}

/** Files of one kind a platform takes. Formats are MIME types; sizes in bytes. */
export interface MediaRule {
  formats: readonly string[];
  /** Absent where the platform documents no limit we can check before sending. */
  maxBytes?: number;
}

export interface VideoRule extends MediaRule {
  /** Length in seconds; either end absent where the platform documents none for every account. */
  seconds?: { min?: number; max?: number };
}

export interface ImageRule extends MediaRule {
  /** Images in one post. */
  maxCount: number;
}

/**
 * A document (a PDF) the platform posts on its own, one per post, shown as pages people swipe
 * through (LinkedIn's document posts). It goes with a title the platform requires.
 */
export interface DocumentRule extends MediaRule {
  /** The most pages the platform takes (it refuses a longer document while processing it). */
  maxPages: number;
}

/** A shape as width : height, e.g. [9, 16]. */
export type AspectRatio = readonly [width: number, height: number];

/**
 * How a network's feed frames a post's first file: cropped to one shape (`crop`); shown whole in a
 * box of one shape, with bars where the file's shape differs (`fit`, a video player); or shown in
 * the file's own shape as long as it lies between the widest (absent: any width) and the tallest
 * the feed allows, and cropped to that limit beyond it (`own`).
 */
export type MediaFrame = { crop: AspectRatio } | { fit: AspectRatio } | { own: { widest?: AspectRatio; tallest: AspectRatio } };

/**
 * How a post looks in the network's feed on a phone, for the wizard's live preview. Where the
 * network documents none of this, the entry says where the figure comes from.
 */
export interface PreviewRule {
  /** Where the feed cuts a long text and shows its "more" link; absent where it shows the whole text. */
  fold?: {
    /** The most characters (as people see them: graphemes) shown before the cut. */
    characters: number;
    /** The most lines (the text's own line breaks) shown before the cut, where the feed also counts lines. */
    lines?: number;
    /** The link after the cut, in the network's own (English) words: "… more". */
    more: string;
    /** The link stands on a line of its own under the text rather than right after it. */
    moreOnOwnLine?: boolean;
  };
  /** How the feed frames the first file, for each kind the platform takes. */
  media: { video?: MediaFrame; image?: MediaFrame };
  /** Where the text sits: above the media, below it, or over it (on a full-screen video). */
  text: 'above' | 'below' | 'over';
  /** The name on the post: the account's display name, its @handle, or both. */
  author: 'name' | 'handle' | 'nameAndHandle';
  /** The post's title is shown (above the text). */
  title: boolean;
  /**
   * How the network shows the post in a format the user chose (the options' `format`, e.g. an
   * Instagram story) where it differs from the feed: its frame, its text (`none`: not shown), and
   * what the post does not carry there, as codes the wizard words (`composer.preview.notCarried.<code>`).
   */
  formats?: Record<string, { media: PreviewRule['media']; text: PreviewRule['text'] | 'none'; notCarried: readonly string[] }>;
  /** The post may be a local post (the `localPost` options): an event's or offer's title and dates, a coupon and the button show under the text. */
  localPost?: true;
}

export interface PlatformCapabilities<Id extends string = string> {
  /** The lowercase id in the API, the URLs and the stored data. */
  id: Id;
  /** The name people know it by. */
  name: string;
  /**
   * Where the platform sits in the wizard's grid and the lists' filters (the spec's step 2:
   * LinkedIn, X, Instagram, YouTube, TikTok). The accounts page follows the registry's order.
   */
  displayOrder: number;
  /** Brand colour (hex #RRGGBB), published to the style sheets as `--platform-<id>`. */
  brandColor: string;
  /** Letters shown on the platform's tile where no mark of its own is shipped. */
  monogram: string;
  /** The post's text (the description). */
  text: TextRule;
  /** Present when the platform takes a title apart from the text. */
  title?: { required: boolean; max: number; problems?(title: string): string[] };
  /** The media a post can carry there; a kind that is absent is not taken at all. */
  media: { video?: VideoRule; image?: ImageRule; document?: DocumentRule };
  /**
   * The platform publishes at a time we give it (we upload ahead; it makes the post public), and
   * where the user changes such a post after the upload; false when it cannot.
   */
  nativeScheduling: false | { changedIn: string };
  /**
   * Its publisher posts the post's first comment under it (a reply where comments are replies),
   * exactly once; the wizard offers the comment for these networks only.
   */
  firstComment: boolean;
  /** Its publisher sends each file's alt text (what it shows, for people who cannot see it) with the post. */
  altText: boolean;
  /** A long text can go out as a thread of numbered posts (issue 19). */
  threads: boolean;
  /**
   * Images and videos together in one post (a carousel), and how many files it holds. Without it a
   * post carries one video or images only, and a post with both gives the platform its video.
   */
  carousel?: { min: number; max: number };
  /** All its rate limits are daily (LinkedIn's reset at midnight UTC); the waiting text says so. */
  dailyRateLimit: boolean;
  /**
   * A documented limit of posts an account may publish through the API in a moving window, which
   * the platform reports per account (its adapter's `publishingQuota`): the wizard shows how much of
   * it the chosen account has used. Absent where the platform reports none.
   */
  publishingLimit?: { posts: number; hours: number };
  /**
   * The platform reports an account's own numbers per day rather than each post's (its adapter's
   * `accountDailyMetrics`): the Analytics page shows each such account's last 28 days.
   */
  accountNumbers?: true;
  /**
   * Present where an account lives on a server its user names (a Mastodon instance): the Accounts
   * page asks for the server before connecting, the start call carries it (checked by the outbound
   * rule: https, a public host), and the connection keeps it. `example` is the placeholder shown.
   */
  connectServer?: { example: string };
  /**
   * Where each account's server sets its own limits (a Mastodon instance's characters, files and
   * polls): the adapter reads them with the profile, the connection keeps them (`AccountLimits`,
   * shared/platforms/accountLimits.ts), and the composer and the API count a post against each
   * account's own; this entry's figures are the default for an account without them.
   */
  accountLimits?: boolean;
  /** What the platform bills for the API calls we make (shared/platformPrices.ts; docs/costs.md has the sources). */
  apiPrices: ApiPrices;
  /**
   * What its module has been proven against: `sandbox`, only OneClick's platform sandbox, written
   * from the platform's documentation (where it was built there is no internet and no app review);
   * `live`, the platform itself. The landing page, the Accounts page and the README say which.
   */
  verifiedAgainst: 'sandbox' | 'live';
}

/** USD per call the platform bills; 0 where it publishes and reads free, within quotas or rate limits. */
export interface ApiPrices {
  /** Per post (post, reply, comment) created whose text has no URL. */
  readonly postUsd: number;
  /** Per post created whose text has a URL. */
  readonly postWithLinkUsd: number;
  /** Per post read (its numbers), billed once per post per UTC day however often it is read that day. */
  readonly postReadUsd: number;
}

/** A platform that charges nothing for its API. */
export const noApiCharges: ApiPrices = { postUsd: 0, postWithLinkUsd: 0, postReadUsd: 0 };

const MB = 1000 * 1000;
const MiB = 1024 * 1024;
const GB = 1000 * MB;
export const sizes = { MB, MiB, GB } as const;
