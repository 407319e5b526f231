import { apiDependencies } from '../composition/http';
import { idempotency } from '../composition/idempotency';
import { uploadService } from '../composition/uploads';
import { createHttpHandler } from '../http/httpHandler';

const uploads = uploadService();

export const handler = createHttpHandler(
  'uploads',
  {
    createUpload: ({ user, input }) => uploads.create(user, input.body),
    signUploadParts: ({ user, input }) => uploads.signParts(user, input.body),
    listUploadParts: ({ user, input }) => uploads.listParts(user, input.query),
    completeUpload: ({ user, input }) => uploads.complete(user, input.body),
    abortUpload: async ({ user, input }) => {
      await uploads.abort(user, input.body);
      return undefined;
    },
    getStorageUsage: ({ user }) => uploads.usage(user),
    putThumbnail: ({ user, input }) => uploads.putThumbnail(user, input.body),
    uploadFromUrl: ({ user, input }) => uploads.fromUrl(user, input.body),
  },
  { ...apiDependencies('uploads'), idempotency: idempotency() },
);
