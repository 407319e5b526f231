import { mastodonModule } from './index';
import { createPublishStepHandler } from '../../handlers/publishStep';

/** Mastodon's publish function: it imports only Mastodon's module (its bundle holds no other platform). */
export const handler = await createPublishStepHandler(mastodonModule);
