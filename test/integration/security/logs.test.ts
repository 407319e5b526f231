import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { platforms, type Platform } from '../../../shared/platforms';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import type { UploadSession } from '../../../shared/api/uploads';
import { createConnectionsContext } from '../../../functions/connectionsContext';
import type { ConnectionItem } from '../../../functions/services/connectionStore';
import { systemClock } from '../../../functions/clock';
import { callApi, createUser, documentClient } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, sampleVideo, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { testOptions } from '../../support/postOptions';

/**
 * Everything logged during a full publish run — the twin's own lines and every line the
 * handlers wrote (test/setup copies the process output into the same file) — holds no access
 * or refresh token, no password, no ID token and no presigned signature; and the tokens in
 * DynamoDB are ciphertext.
 */
const twin = inject('twin');

describe('secrets stay out of logs and tables', () => {
  it('a full publish run to five platforms, with a failure and a retry, logs no secret', async () => {
    const user = await createUser(twin);
    await makeAdmin(twin, user);
    const names = {} as Record<Platform, string>;
    for (const platform of platforms) {
      names[platform] = sandboxAccountName(`logs-${platform}`);
      await connectThroughOAuth(twin, user, platform, names[platform]);
    }
    const connections = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections;

    // One file through the real presigned upload flow, so its signatures pass through the logs' reach.
    const started = await callApi(twin, '/uploads', user.idToken, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'photo.jpg', contentType: 'image/jpeg', size: tinyJpeg.length }),
    });
    const session = started.body as unknown as UploadSession;
    const signatures = session.parts.map((part) => new URL(part.url).searchParams.get('X-Amz-Signature')!);
    const part = await fetch(session.parts[0]!.url, { method: 'PUT', body: new Uint8Array(tinyJpeg) });
    const completed = await callApi(twin, '/uploads/complete', user.idToken, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: session.key, uploadId: session.uploadId, parts: [{ partNumber: 1, etag: part.headers.get('etag') }] }),
    });
    expect(completed.status).toBe(200);
    const videoKey = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(12) });

    // LinkedIn refuses once with an error body that echoes a token, as some APIs do.
    await sandboxControl(twin).injectFault({
      platform: 'linkedin',
      account: names.linkedin,
      method: 'POST',
      path: '/rest/posts',
      status: 422,
      body: { message: 'Content is invalid' },
      times: 1,
    });
    const created = await createPost(twin, user, {
      description: 'Secrets stay out of logs',
      title: 'Logs',
      media: [{ key: videoKey }, { key: session.key }],
      targets: connections.map((connection) => ({ platform: connection.platform, accountId: connection.platformUserId, ...testOptions(connection.platform) })),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const postId = (created.body as unknown as Post).postId;
    const first = await waitForPost(twin, user, postId, 60_000);
    expect(first.status).toBe('partially_published');
    await callApi(twin, `/posts/${postId}/retry`, user.idToken, { method: 'POST' });
    expect((await waitForPost(twin, user, postId, 60_000)).status).toBe('published');

    // The tokens as stored, and in the clear through our own cipher.
    const rows = await documentClient(twin).send(
      new QueryCommand({ TableName: twin.tableNames.connections, KeyConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': user.userId } }),
    );
    const context = await createConnectionsContext(process.env, documentClient(twin), systemClock);
    const secrets: string[] = [];
    for (const item of (rows.Items ?? []) as ConnectionItem[]) {
      const tokens = (await context.store.tokensOf(item))!;
      for (const token of [tokens.accessToken, tokens.refreshToken].filter((value): value is string => Boolean(value))) {
        expect(JSON.stringify(item), `${item.platform} stores its token encrypted`).not.toContain(token);
        secrets.push(token);
      }
    }
    expect(secrets.length).toBeGreaterThanOrEqual(platforms.length);
    secrets.push(user.password, user.idToken.split('.')[2]!, user.accessToken.split('.')[2]!, ...signatures);
    for (const platform of platforms) {
      const clientSecret = process.env[`${platform.toUpperCase()}_CLIENT_SECRET`];
      if (clientSecret) secrets.push(clientSecret);
    }

    const log = readFileSync(twin.logFile, 'utf8');
    expect(log).toContain(`POST /posts/${postId}/retry 200`);
    expect(log, "the handlers' own log lines are in the file").toContain('"message":"Publish step"');
    const leaked = secrets.filter((secret) => secret.length >= 8 && log.includes(secret)).map((secret) => `${secret.slice(0, 6)}…`);
    expect(leaked).toEqual([]);
  }, 120_000);
});
