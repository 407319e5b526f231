import { accountDeletionRequests, accountService } from '../composition/account';
import { apiDependencies } from '../composition/http';
import { idempotency } from '../composition/idempotency';
import { createHttpHandler } from '../http/httpHandler';

const account = accountService();
const deletion = accountDeletionRequests();

export const handler = createHttpHandler(
  'account',
  {
    getAccount: ({ user }) => account.get(user),
    updateAccountSettings: ({ user, input }) => account.saveSettings(user, input.body),
    startDataExport: ({ user }) => account.startExport(user),
    getDataExport: ({ user }) => account.exportStatus(user),
    deleteAccount: ({ user, input }) => deletion.start(user, input.body.confirmation),
    getAccountDeletion: ({ user }) => deletion.status(user),
  },
  { ...apiDependencies('account'), idempotency: idempotency() },
);
