import { z } from 'zod';
import { uploadedMediaSchema } from '../../../../../shared/api/uploads';
import type { Post } from '../../../../../shared/api/posts';
import { platforms } from '../../../../../shared/platforms';

/**
 * What a reload (or a round trip to a platform's consent page) must not lose: the step, the
 * uploaded media, the chosen accounts and the text — kept in this tab's sessionStorage as a
 * safety net. The server draft ("Save as draft", `serverDraftId`) is the one the Drafts list shows.
 */
const draftSchema = z.object({
  step: z.number().int().min(1).max(4),
  /** `previewUrl`: a server draft's signed link to the file, for its preview while the opened draft is on screen (never kept past a reload: it expires). */
  media: z.array(z.object({ name: z.string(), size: z.number(), media: uploadedMediaSchema, previewUrl: z.string().optional(), altText: z.string().optional() })),
  accounts: z.array(z.string()),
  description: z.string(),
  /** Networks' own texts (absent in a draft kept before they existed). */
  texts: z.partialRecord(z.enum(platforms), z.string()).optional(),
  /** Networks going as a thread, with their posts (absent in a draft kept before threads existed). */
  threads: z.partialRecord(z.enum(platforms), z.array(z.string())).optional(),
  title: z.string(),
  /** The comment posted under the post where a network takes one (absent in a draft kept before it existed). */
  firstComment: z.string().optional(),
  /** Each account's post options chosen so far (TikTok's privacy, YouTube's details), by account key. */
  options: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  schedule: z
    .object({ mode: z.enum(['now', 'schedule', 'queue']), sameTimeForAll: z.boolean().optional(), date: z.string(), time: z.string(), zone: z.string(), youtubeNative: z.boolean(), zoneChosen: z.boolean().optional() })
    .optional(),
  /** The server draft this wizard edits: saving updates it, publishing turns it into the post. */
  serverDraftId: z.string().optional(),
});
export type WizardDraft = z.infer<typeof draftSchema>;

const draftKey = 'oneclick_wizard_draft';

export function loadDraft(): WizardDraft | undefined {
  try {
    const stored = sessionStorage.getItem(draftKey);
    if (!stored) return undefined;
    const parsed = draftSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function saveDraft(draft: WizardDraft): void {
  sessionStorage.setItem(draftKey, JSON.stringify(draft));
}

export function clearDraft(): void {
  sessionStorage.removeItem(draftKey);
}

/** The file name a stored media key shows when the draft kept none (the key's last segment). */
const nameOfKey = (key: string) => key.split('/').pop() ?? key;

/** A server draft as the wizard's state: opened at the first step it still needs. */
export function wizardDraftOf(post: Post): WizardDraft {
  const media = post.media.map((item) => ({
    name: item.name ?? nameOfKey(item.key),
    size: item.size,
    ...(item.url ? { previewUrl: item.url } : {}),
    ...(item.altText ? { altText: item.altText } : {}),
    media: { key: item.key, kind: item.kind, contentType: item.contentType, size: item.size, ...(item.durationSeconds !== undefined ? { durationSeconds: item.durationSeconds } : {}) },
  }));
  const accounts = post.targets.map((target) => `${target.platform}#${target.accountId}`);
  const options = Object.fromEntries(post.targets.flatMap((target) => (target.options ? [[`${target.platform}#${target.accountId}`, target.options]] : [])));
  const step = media.length === 0 ? 1 : accounts.length === 0 ? 2 : 3;
  return { step, media, accounts, description: post.description, ...(post.texts ? { texts: post.texts } : {}), ...(post.threads ? { threads: post.threads } : {}), ...(post.firstComment ? { firstComment: post.firstComment } : {}), title: post.title ?? '', ...(Object.keys(options).length ? { options } : {}), serverDraftId: post.postId };
}
