import { youtubeModule } from '../../platforms/youtube';
import { createPublishStepHandler } from '../publishStep';

/** YouTube's publish function: it imports only YouTube's module (its bundle holds no other platform). */
export const handler = await createPublishStepHandler(youtubeModule);
