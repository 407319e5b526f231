import * as z from '../zod';
import { membershipSchema } from './membership';
import { timeZoneSchema } from './posts';

/**
 * Settings, "Download my data" and "Delete my account" (the spec's legal statements: users may
 * access, update, delete or request a copy of their data; tokens are removed on deletion).
 */
export const languages = ['en', 'tr'] as const;
export type Language = (typeof languages)[number];
export const themes = ['system', 'light', 'dark'] as const;
export type Theme = (typeof themes)[number];

export const accountSettingsSchema = z.object({
  language: z.enum(languages, { error: 'The language must be en (English) or tr (Türkçe).' }),
  /** The IANA zone scheduling uses (the wizard's schedule picker defaults to it). */
  timeZone: timeZoneSchema,
  theme: z.enum(themes, { error: 'The theme must be system, light or dark.' }),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const accountSchema = z.object({
  userId: z.string(),
  email: z.string(),
  /** null until the user saves settings once (the page then shows the browser's own). */
  settings: accountSettingsSchema.nullable(),
  membership: membershipSchema,
  usage: z.object({
    /** The calendar month (UTC) the post count is for, YYYY-MM. */
    month: z.string(),
    postsThisMonth: z.number().int().nonnegative(),
    connectedAccounts: z.number().int().nonnegative(),
  }),
});
export type Account = z.infer<typeof accountSchema>;

export const exportStatuses = ['none', 'preparing', 'ready', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];

export const dataExportSchema = z.object({
  status: z.enum(exportStatuses),
  exportId: z.string().nullable(),
  requestedAt: z.string().nullable(),
  readyAt: z.string().nullable(),
  /** Size of the archive in bytes, when ready. */
  size: z.number().int().nonnegative().nullable(),
  /** A short-lived presigned link to the ZIP (present only when ready). */
  downloadUrl: z.string().nullable(),
  /** When downloadUrl stops working (ask again for a fresh one until the archive expires). */
  downloadUrlExpiresAt: z.string().nullable(),
  /** When the archive itself is deleted. */
  archiveExpiresAt: z.string().nullable(),
  /** Why preparing failed, in words. */
  error: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/**
 * The user types their own e-mail address to confirm (the same in every language). Continuing a
 * deletion that already started needs no second confirmation (it was given).
 */
export const deleteAccountSchema = z.object({
  confirmation: z.string({ error: 'Type your e-mail address to confirm.' }).max(320, 'Type your e-mail address to confirm.'),
});
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

/** The steps of a deletion, in the order the deletion task runs them. */
export const deletionSteps = ['signOut', 'posts', 'connections', 'data', 'membership', 'signIn'] as const;
export type DeletionStep = (typeof deletionSteps)[number];

export const deletionStatuses = ['none', 'deleting', 'deleted'] as const;

/**
 * A deletion is a background task (like the export): POST /account/delete starts (or continues)
 * it and answers at once; GET /account/deletion reads its progress.
 */
export const accountDeletionSchema = z.object({
  status: z.enum(deletionStatuses),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Every step in order, done or not (with how many things it handled). */
  steps: z.array(
    z.object({
      step: z.enum(deletionSteps),
      done: z.boolean(),
      doneAt: z.string().nullable(),
      /** Posts cancelled, connections revoked, rows and files deleted… (null for steps without a count). */
      count: z.number().int().nonnegative().nullable(),
    }),
  ),
  /**
   * True when a started deletion is not running any more (it failed, or its task outlived the
   * longest a task may run): the page offers "Continue deletion".
   */
  stalled: z.boolean(),
  /** Why it stopped, in words. */
  error: z.string().nullable(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
