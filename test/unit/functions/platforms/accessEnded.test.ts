import { describe, expect, it } from 'vitest';
import { AuthExpired, Rejected } from '../../../../functions/platforms/errors';
import { classifyInstagramError } from '../../../../functions/platforms/instagram/adapter';
import { classifyTiktokError } from '../../../../functions/platforms/tiktok/adapter';
import { classifyXError } from '../../../../functions/platforms/x/adapter';
import { classifyYoutubeError } from '../../../../functions/platforms/youtube/adapter';
import { classifyBlueskyError } from '../../../../functions/platforms/bluesky/errors';
import { classifyLinkedinError } from '../../../../functions/platforms/linkedinRest/errors';
import type { PlatformResponse } from '../../../../functions/platforms/http';

/** The platform's own sentence, as a refused token's answer carries it (Meta's names a date and the current time). */
const RAW = 'Error validating access token: Session has expired on Sat, 28 Nov 2026 08:31:49 GMT. The current time is Sat, 28 Nov 2026 08:31:49 GMT.';
const now = new Date('2026-11-28T08:31:49Z');

function answer(status: number, body: unknown): PlatformResponse {
  return { status, headers: new Headers(), text: JSON.stringify(body), body };
}

/** Each network's refused-token answers (as its docs shape them) with the raw sentence inside. */
const refusals: Array<[string, string, Error]> = [
  ['Instagram', 'Graph code 190', classifyInstagramError(answer(400, { error: { message: RAW, type: 'OAuthException', code: 190 } }), now)],
  ['TikTok', 'access_token_invalid', classifyTiktokError(answer(401, { error: { code: 'access_token_invalid', message: RAW } }), now)],
  ['TikTok', 'invalid_grant at the token endpoint', classifyTiktokError(answer(400, { error: 'invalid_grant', error_description: RAW }), now)],
  ['X', '401 on the API', classifyXError(answer(401, { title: 'Unauthorized', detail: RAW }), now)],
  ['X', 'a refused refresh', classifyXError(answer(400, { error: 'invalid_request', error_description: RAW }), now, 'oauth')],
  ['YouTube', 'authError', classifyYoutubeError(answer(401, { error: { message: RAW, errors: [{ reason: 'authError' }] } }), now)],
  ['YouTube', 'invalid_grant at the token endpoint', classifyYoutubeError(answer(400, { error: 'invalid_grant', error_description: RAW }), now)],
  ['Bluesky', 'ExpiredToken', classifyBlueskyError(answer(400, { error: 'ExpiredToken', message: RAW }), now)],
  ['LinkedIn', 'REVOKED_ACCESS_TOKEN', classifyLinkedinError(answer(401, { status: 401, serviceErrorCode: 65601, code: 'REVOKED_ACCESS_TOKEN', message: RAW }), now)],
  ['LinkedIn', 'invalid_grant at the token endpoint', classifyLinkedinError(answer(400, { error: 'invalid_grant', error_description: RAW }), now)],
  ['Bluesky', 'a refused refresh', classifyBlueskyError(answer(400, { error: 'invalid_grant', error_description: RAW }), now, 'oauth')],
];

describe('a refused token, in our words', () => {
  it.each(refusals)('%s (%s): asks to reconnect without the platform\'s sentence', (name, _case, error) => {
    expect(error).toBeInstanceOf(AuthExpired);
    expect(error.message).toBe(`${name} needs you to reconnect: the access was revoked or has expired.`);
  });

  it("TikTok's OAuth error names its code, never the whole answer", () => {
    const error = classifyTiktokError(answer(400, { error: 'invalid_request', error_description: RAW, log_id: '2026112808' }), now);
    expect(error).toBeInstanceOf(Rejected);
    expect(error.message).toBe("TikTok refused OneClick's sign-in request (invalid_request).");
  });
});
