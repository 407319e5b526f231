import { pinterestModule } from './index';
import { createPublishStepHandler } from '../../handlers/publishStep';

/** Pinterest's publish function: it imports only Pinterest's module (its bundle holds no other platform). */
export const handler = await createPublishStepHandler(pinterestModule);
