import { xModule } from './index';
import { createPublishStepHandler } from '../../handlers/publishStep';

/** X's publish function: it imports only X's module (its bundle holds no other platform). */
export const handler = await createPublishStepHandler(xModule);
