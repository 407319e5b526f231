import * as z from '../zod';
import { contentKinds } from './content';

/**
 * The embedded sibling modules and their sign-in contract.
 *
 * The dashboard asks for a one-time module token (POST /module-tokens, or the spec's
 * POST /generate-custom-token shape) and opens the module's URL with it in the query. The
 * module's back end exchanges the token once (POST /module-sessions) for a module session: a
 * scoped credential that can do nothing but register generated content for that user.
 */
export const moduleIds = ['influencer', 'autotoon', 'podcast', 'imageGenerator'] as const;
export type ModuleId = (typeof moduleIds)[number];

/** The query parameter that carries the one-time token to the module's page. */
export const MODULE_TOKEN_PARAM = 'token';
/** The cross-window message AutoToon posts when an animation is ready (accepted from its origin only). */
export const ANIMATION_COMPLETE = 'ANIMATION_COMPLETE';

const httpUrl = z.url({ protocol: /^https?$/, error: 'A module URL must be an http(s) URL.' });

/** Where each module is served; a module without a URL is not available on this deployment. */
export const moduleUrlsSchema = z
  .object({
    influencer: httpUrl.optional(),
    autotoon: httpUrl.optional(),
    podcast: httpUrl.optional(),
    imageGenerator: httpUrl.optional(),
  })
  .strict();
export type ModuleUrls = z.infer<typeof moduleUrlsSchema>;

/** Parses module URLs given as JSON (the stack's context or ONECLICK_MODULE_URLS), naming the setting on error. */
export function parseModuleUrls(value: unknown, setting: string): ModuleUrls {
  if (value === undefined || value === null || value === '') return {};
  let raw: unknown = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      throw new Error(`${setting} must be JSON like {"autotoon":"https://autotoon.example.com/embed"}`);
    }
  }
  const parsed = moduleUrlsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`${setting}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`);
  }
  return parsed.data;
}

/** The distinct origins of the configured modules: the CSP's frame-src. */
export function moduleOrigins(urls: ModuleUrls): string[] {
  return [...new Set(Object.values(urls).filter((url): url is string => Boolean(url)).map((url) => new URL(url).origin))];
}

export const moduleSchema = z.enum(moduleIds, { error: `The module must be one of: ${moduleIds.join(', ')}.` });

export const createModuleTokenSchema = z.object({ module: moduleSchema });

export const moduleTokenSchema = z.object({
  token: z.string(),
  module: moduleSchema,
  expiresAt: z.iso.datetime(),
});
export type ModuleToken = z.infer<typeof moduleTokenSchema>;

/**
 * The spec's custom-token call: { idToken } or { uid, email } → { customToken }. Both name the
 * signed-in caller (anything else is refused); `module` binds the token to one module.
 */
export const generateCustomTokenSchema = z.union(
  [
    z.object({ idToken: z.string().trim().min(1, 'The idToken is empty.').max(8192), module: moduleSchema.optional() }).strict(),
    z
      .object({
        uid: z.string().trim().min(1, 'The uid is empty.').max(128),
        email: z.string().trim().min(1, 'The email is empty.').max(254),
        module: moduleSchema.optional(),
      })
      .strict(),
  ],
  { error: 'Send { idToken } or { uid, email }.' },
);
export type GenerateCustomToken = z.infer<typeof generateCustomTokenSchema>;

export const customTokenSchema = z.object({ customToken: z.string() });

const secretSchema = (what: string) => z.string().trim().min(1, `The ${what} is missing.`).max(200, `The ${what} is too long.`);

export const exchangeModuleTokenSchema = z.object({ token: secretSchema('token'), module: moduleSchema });
export type ExchangeModuleToken = z.infer<typeof exchangeModuleTokenSchema>;

export const moduleSessionSchema = z.object({
  /** Send as "Authorization: Bearer <sessionToken>" to the module content routes. */
  sessionToken: z.string(),
  module: moduleSchema,
  expiresAt: z.iso.datetime(),
  user: z.object({ userId: z.string(), email: z.string() }),
});
export type ModuleSession = z.infer<typeof moduleSessionSchema>;

/** What a module may store: videos (.mp4, .webm) and podcasts (.mp3, .m4a). */
export const contentExtensions = {
  video: { mp4: 'video/mp4', webm: 'video/webm' },
  podcast: { mp3: 'audio/mpeg', m4a: 'audio/mp4' },
} as const satisfies Record<(typeof contentKinds)[number], Record<string, string>>;

const MiB = 1024 * 1024;
/** The largest file a module may store (one presigned PUT; S3 allows up to 5 GiB). */
export const maxContentBytes = { video: 2048 * MiB, podcast: 500 * MiB } as const;

export const contentFileNameSchema = z
  .string()
  .trim()
  .min(1, 'The file name is missing.')
  .max(200, 'The file name is too long (at most 200 characters).')
  // eslint-disable-next-line no-control-regex -- refusing control characters is what this pattern is for
  .regex(/^[^/\\\u0000-\u001f"]+$/, 'The file name may not contain slashes, quotes or control characters.');

export const createContentUploadSchema = z
  .object({
    type: z.enum(contentKinds, { error: 'The type must be video or podcast.' }),
    fileName: contentFileNameSchema,
    contentType: z.string().trim().min(1, 'The content type is missing.').max(100),
    size: z.number().int('The size must be a whole number of bytes.').positive('The file is empty.'),
    /** For a .mp4 twin of a .webm video: the .webm's key (the twin is stored beside it). */
    twinOf: z.string().trim().max(300).optional(),
  })
  .superRefine((upload, context) => {
    const extension = upload.fileName.split('.').pop()?.toLowerCase() ?? '';
    const allowed: Record<string, string> = contentExtensions[upload.type];
    if (!(extension in allowed)) {
      context.addIssue({ code: 'custom', path: ['fileName'], message: `A ${upload.type} must be ${Object.keys(allowed).map((name) => `.${name}`).join(' or ')}.` });
      return;
    }
    if (upload.contentType.split(';')[0]!.trim().toLowerCase() !== allowed[extension]) {
      context.addIssue({ code: 'custom', path: ['contentType'], message: `A .${extension} file has the content type ${allowed[extension]}.` });
    }
    if (upload.size > maxContentBytes[upload.type]) {
      context.addIssue({ code: 'custom', path: ['size'], message: `A ${upload.type} may be at most ${maxContentBytes[upload.type] / MiB} MiB.` });
    }
    if (upload.twinOf !== undefined && (upload.type !== 'video' || extension !== 'mp4')) {
      context.addIssue({ code: 'custom', path: ['twinOf'], message: 'Only a .mp4 video can be the twin of a .webm video.' });
    }
  });
export type CreateContentUpload = z.infer<typeof createContentUploadSchema>;

export const contentUploadSchema = z.object({
  key: z.string(),
  /** PUT the file here with exactly these headers, before expiresAt. */
  url: z.url(),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.iso.datetime(),
});
export type ContentUpload = z.infer<typeof contentUploadSchema>;

export const registerContentSchema = z.object({
  key: z.string().trim().min(1, 'The key is missing.').max(300),
  /** The name the user sees and downloads; by default "<type>-<date>.<ext>". */
  fileName: contentFileNameSchema.optional(),
});
export type RegisterContent = z.infer<typeof registerContentSchema>;
