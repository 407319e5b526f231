import { linkedinModule } from './index';
import { createPublishStepHandler } from '../../handlers/publishStep';

/** LinkedIn's publish function: it imports only LinkedIn's module (its bundle holds no other platform). */
export const handler = await createPublishStepHandler(linkedinModule);
