import { z } from 'zod';
import { uploadedMediaSchema } from '../../../../../shared/api/uploads';

/** What a reload must not lose: the step, the uploaded media, the chosen accounts and the text. */
const draftSchema = z.object({
  step: z.number().int().min(1).max(4),
  media: z.array(z.object({ name: z.string(), size: z.number(), media: uploadedMediaSchema })),
  accounts: z.array(z.string()),
  description: z.string(),
  title: z.string(),
  schedule: z
    .object({ mode: z.enum(['now', 'schedule']), date: z.string(), time: z.string(), zone: z.string(), youtubeNative: z.boolean(), zoneChosen: z.boolean().optional() })
    .optional(),
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
