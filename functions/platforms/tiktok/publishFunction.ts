import { tiktokModule } from './index';
import { createPublishStepHandler } from '../../handlers/publishStep';

/** TikTok's publish function: it imports only TikTok's module (its bundle holds no other platform). */
export const handler = await createPublishStepHandler(tiktokModule);
