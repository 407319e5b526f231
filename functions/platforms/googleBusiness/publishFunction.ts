import { googleBusinessModule } from './index';
import { createPublishStepHandler } from '../../handlers/publishStep';

/** Google Business Profile's publish function: it imports only its own module (its bundle holds no other platform). */
export const handler = await createPublishStepHandler(googleBusinessModule);
