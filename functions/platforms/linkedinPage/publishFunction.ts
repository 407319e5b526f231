import { linkedinPageModule } from './index';
import { createPublishStepHandler } from '../../handlers/publishStep';

/** LinkedIn Page's publish function: it imports only its own module and LinkedIn's REST library (no other platform's). */
export const handler = await createPublishStepHandler(linkedinPageModule);
