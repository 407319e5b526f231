import { describe, expect, it } from 'vitest';
import { isUserSettable, withUserSettings } from '../../../infra/local/environment';
import { sandboxHostEnvironment } from '../../../functions/platforms/registry';
import { clientEnvironment } from '../../../infra/local/secrets';
import { platforms, type Platform } from '../../../shared/platforms';

const clients = Object.fromEntries(platforms.map((platform) => [platform, { clientId: `sandbox-${platform}`, clientSecret: `secret-${platform}` }])) as Record<Platform, { clientId: string; clientSecret: string }>;
const defaults = () => ({ ...clientEnvironment(clients), ...sandboxHostEnvironment('http://127.0.0.1:4600'), AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000' });

describe("the twin's environment and the user's", () => {
  it('lets platform hosts and app credentials be set by the user, and nothing of the AWS wiring', () => {
    expect(isUserSettable('X_HOST_API')).toBe(true);
    expect(isUserSettable('YOUTUBE_HOST_OAUTH2')).toBe(true);
    expect(isUserSettable('LINKEDIN_CLIENT_ID')).toBe(true);
    expect(isUserSettable('TIKTOK_CLIENT_SECRET')).toBe(true);
    expect(isUserSettable('AWS_ENDPOINT_URL_DYNAMODB')).toBe(false);
    expect(isUserSettable('STATE_MACHINE_ARN')).toBe(false);
    expect(isUserSettable('PIXELFED_HOST_API')).toBe(false);
  });

  it("keeps what the user set (hosts, client ids and secrets) over the sandbox's defaults, and says which", () => {
    const env = { X_HOST_API: 'https://api.x.com', X_CLIENT_ID: 'my-real-app', X_CLIENT_SECRET: 'my-real-secret', AWS_ENDPOINT_URL_DYNAMODB: 'http://elsewhere' };

    const { environment, kept } = withUserSettings(defaults(), env);

    expect(environment['X_HOST_API']).toBe('https://api.x.com');
    expect(environment['X_CLIENT_ID']).toBe('my-real-app');
    expect(environment['X_CLIENT_SECRET']).toBe('my-real-secret');
    expect(kept.sort()).toEqual(['X_CLIENT_ID', 'X_CLIENT_SECRET', 'X_HOST_API']);
    // Everything else is the twin's: the other platforms' sandbox hosts, and its own AWS endpoints.
    expect(environment['YOUTUBE_HOST_OAUTH2']).toBe('http://127.0.0.1:4600/youtube/oauth2');
    expect(environment['LINKEDIN_CLIENT_ID']).toBe('sandbox-linkedin');
    expect(environment['AWS_ENDPOINT_URL_DYNAMODB']).toBe('http://127.0.0.1:8000');
  });

  it("does not mistake an earlier twin's value for the user's, in this process or one it started", () => {
    const env: NodeJS.ProcessEnv = {};
    Object.assign(env, withUserSettings(defaults(), env).environment);
    const moved = { ...defaults(), X_HOST_API: 'http://127.0.0.1:4999/x/api' };

    const { environment, kept } = withUserSettings(moved, env);

    expect(environment['X_HOST_API']).toBe('http://127.0.0.1:4999/x/api');
    expect(kept).toEqual([]);
    // A child process inherits the environment, the record of what the twin wrote with it.
    const child = { ...env, ...environment };
    expect(withUserSettings({ ...defaults(), X_HOST_API: 'http://127.0.0.1:5111/x/api' }, child).kept).toEqual([]);
  });
});
