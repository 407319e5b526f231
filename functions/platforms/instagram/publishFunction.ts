import { instagramModule } from './index';
import { createPublishStepHandler } from '../../handlers/publishStep';

/** Instagram's publish function: it imports only Instagram's module (its bundle holds no other platform). */
export const handler = await createPublishStepHandler(instagramModule);
