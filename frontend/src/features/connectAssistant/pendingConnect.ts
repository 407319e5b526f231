import { tabValue } from '../../lib/tabValue';

/**
 * An assistant's sign-in opened while signed out: its request (the consent page's query) is kept
 * in this tab until the person has signed in, then the dashboard takes them back to it. Without
 * storage the person starts connecting again from the assistant after signing in.
 */
const pendingConnect = tabValue('oneclick_pending_assistant');

export const keepPendingConnect = (search: string): void => pendingConnect.keep(search);
export const takePendingConnect = (): string | undefined => pendingConnect.take();
