import { tabValue } from '../../lib/tabValue';

/**
 * An invitation link opened while signed out: kept in this tab until the person has signed in
 * (or signed up and confirmed), then the dashboard takes them back to it. Without storage the
 * person opens the mail's link again after signing in.
 */
const pendingInvitation = tabValue('oneclick_pending_invitation');

export const keepPendingInvitation = (token: string): void => pendingInvitation.keep(token);
export const takePendingInvitation = (): string | undefined => pendingInvitation.take();
