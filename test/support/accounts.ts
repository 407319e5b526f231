import type { Platform } from '../../shared/platforms';
import type { ConnectionList } from '../../shared/api/connections';
import type { TwinInfo } from './twinInfo';
import { callApi, createUser } from './users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName } from './connect';
import { tinyJpeg, uploadMedia } from './posts';

/**
 * A new admin user with one sandbox account on each of `networks` (connected through OAuth) and
 * one uploaded image: the accounts' sandbox names, the targets to post to, the image's key.
 */
export async function userWithAccounts<P extends Platform>(twin: TwinInfo, networks: readonly P[]) {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  const names = {} as Record<P, string>;
  for (const platform of networks) {
    names[platform] = sandboxAccountName(platform);
    await connectThroughOAuth(twin, user, platform, names[platform]);
  }
  const { body } = await callApi(twin, '/connections', user.idToken);
  const connections = (body as unknown as ConnectionList).connections;
  const targets = networks.map((platform) => ({ platform, accountId: connections.find((connection) => connection.platform === platform)!.platformUserId }));
  const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
  return { user, names, targets, key };
}
