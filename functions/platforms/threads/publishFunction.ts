import { threadsModule } from './index';
import { createPublishStepHandler } from '../../handlers/publishStep';

/** Threads' publish function: it imports only Threads' module (its bundle holds no other platform). */
export const handler = await createPublishStepHandler(threadsModule);
