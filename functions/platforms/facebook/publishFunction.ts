import { facebookModule } from './index';
import { createPublishStepHandler } from '../../handlers/publishStep';

/** Facebook's publish function: it imports only Facebook's module (its bundle holds no other platform). */
export const handler = await createPublishStepHandler(facebookModule);
