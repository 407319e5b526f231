import { xModule } from '../../platforms/x';
import { createPublishStepHandler } from '../publishStep';

/** X's publish function: it imports only X's module (its bundle holds no other platform). */
export const handler = await createPublishStepHandler(xModule);
