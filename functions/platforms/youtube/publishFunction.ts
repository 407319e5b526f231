import { youtubeModule } from './index';
import { createPublishStepHandler } from '../../handlers/publishStep';

/** YouTube's publish function: it imports only YouTube's module (its bundle holds no other platform). */
export const handler = await createPublishStepHandler(youtubeModule);
