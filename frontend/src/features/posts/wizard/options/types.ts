import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { Connection } from '../../../../../../shared/api/connections';
import type { MediaItem } from '../useMediaUploads';

/** One account's choices for its platform (shared/platforms/postOptions.ts), as the API takes them. */
export type AccountOptions = Record<string, unknown>;

export interface OptionsEditorProps {
  account: Connection;
  value: AccountOptions | undefined;
  onChange(value: AccountOptions): void;
  /** The post's uploaded media (the kind decides photo or video wording, the length is checked). */
  media: readonly MediaItem[];
  /** The platform itself publishes at the scheduled time (its own scheduling). */
  nativeSchedule: boolean;
  /** Why the post cannot be published yet with these choices, in words; undefined when it can. */
  onBlocker(message: string | undefined): void;
}

export interface DeclarationProps {
  /** Each chosen account of the platform with its choices. */
  choices: ReadonlyArray<{ account: Connection; value: AccountOptions | undefined }>;
}

/** A platform's part of the wizard: its form, and what must stand next to the Publish button and after publishing. */
export interface OptionsEditor {
  Form: ComponentType<OptionsEditorProps>;
  Declaration?: ComponentType<DeclarationProps>;
  /** A notice shown once the post is sent, in the user's language. */
  afterPublish?: (t: TFunction) => string;
  /** Whether its form shows anything for these files (absent: always). */
  appliesTo?: (media: readonly MediaItem[]) => boolean;
  /**
   * Shown beside the text and its preview as well as on the review step, for a choice the preview
   * shows: always (an Instagram story), or for these files only (a LinkedIn document's title).
   */
  withComposer?: boolean | ((media: readonly MediaItem[]) => boolean);
}
