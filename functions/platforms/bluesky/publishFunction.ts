import { blueskyModule } from './index';
import { createPublishStepHandler } from '../../handlers/publishStep';

/** Bluesky's publish function: it imports only Bluesky's module (its bundle holds no other platform). */
export const handler = await createPublishStepHandler(blueskyModule);
