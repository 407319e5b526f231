import type { Platform } from '../../../shared/platforms';
import { bluesky } from './bluesky';
import { facebook } from './facebook';
import { googleBusiness } from './googleBusiness';
import { instagram } from './instagram';
import { linkedin } from './linkedin';
import { linkedinPage } from './linkedinPage';
import { mastodon } from './mastodon';
import type { PlatformSandboxFactory } from './platform';
import { pinterest } from './pinterest';
import { threads } from './threads';
import { tiktok } from './tiktok';
import { x } from './x';
import { youtube } from './youtube';

/**
 * The sandbox's one list of platforms: each platform's sandbox lives in its own folder
 * (<platform>/index.ts and the files beside it) and is plugged in here by one line. Nothing
 * else in the sandbox names a platform.
 */
export const platformSandboxes: Record<Platform, PlatformSandboxFactory> = { youtube, tiktok, instagram, x, linkedin, bluesky, threads, facebook, linkedinPage, mastodon, pinterest, googleBusiness };
