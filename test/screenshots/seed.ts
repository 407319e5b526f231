import type { ConnectionList } from '../../shared/api/connections';
import type { Post } from '../../shared/api/posts';
import type { Platform } from '../../shared/platforms';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { seedAnalytics } from '../support/analytics';
import { moduleSessionFor, registerContent, sampleCartoon } from '../support/content';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../support/posts';
import type { TwinInfo } from '../support/twinInfo';
import { callApi, createUser, type TestUser } from '../support/users';
import { testOptions } from '../support/postOptions';

const accountNames: Record<Platform, string> = {
  youtube: 'northwind-studio',
  tiktok: 'northwind.clips',
  instagram: 'northwind.daily',
  x: 'northwind_hq',
  linkedin: 'northwind-company',
  bluesky: 'northwind.social',
  threads: 'northwind.threads',
  facebook: 'northwind-page',
  linkedinPage: 'northwind-company',
  mastodon: 'northwind',
  googleBusiness: 'northwind-cafe',
  pinterest: 'northwind.pins',
};

/**
 * A user whose dashboard looks lived in: five connected accounts, published and scheduled
 * posts, analytics history and a video in My Content. Used by the screenshot set and the
 * landing page's hero picture.
 */
export async function seedDemoUser(twin: TwinInfo): Promise<TestUser> {
  const user = await createUser(twin, `maria.lopez.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(twin, user);
  for (const platform of Object.keys(accountNames) as Platform[]) {
    await connectThroughOAuth(twin, user, platform, accountNames[platform]);
  }
  const { body } = await callApi(twin, '/connections', user.idToken);
  const accounts = Object.fromEntries(
    (body as unknown as ConnectionList).connections.map((connection) => [connection.platform, connection.platformUserId]),
  ) as Record<Platform, string>;

  const post = async (description: string, platforms: Platform[], scheduledFor?: Date): Promise<Post> => {
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const created = await createPost(twin, user, {
      description,
      media: [{ key }],
      targets: platforms.map((platform) => ({ platform, accountId: accounts[platform], ...testOptions(platform) })),
      ...(scheduledFor ? { scheduledFor: scheduledFor.toISOString(), timeZone: 'UTC' } : {}),
    });
    if (created.status !== 200) throw new Error(`POST /posts answered ${created.status}: ${JSON.stringify(created.body)}`);
    const result = created.body as unknown as Post;
    return scheduledFor ? result : waitForPost(twin, user, result.postId);
  };
  await post('Behind the scenes of our spring collection shoot 🌸 Swipe to see how it came together.', ['instagram', 'tiktok', 'x']);
  await post('We are hiring a product designer in Lisbon. Remote-friendly, four-day week. Link in bio.', ['linkedin', 'x']);
  const hour = 3600_000;
  await post('Launch day: the new Northwind app is live on every store. Thank you for waiting!', ['x', 'linkedin', 'instagram'], new Date(Date.now() + 26 * hour));
  await post('Weekly tips: three ways to light a product photo with one lamp.', ['tiktok', 'instagram'], new Date(Date.now() + 3 * 24 * hour));

  await seedAnalytics(
    twin,
    user.userId,
    (['instagram', 'tiktok', 'x', 'linkedin', 'instagram', 'tiktok', 'x'] as Platform[]).map((platform, index) => ({
      platform,
      accountId: accounts[platform],
      accountName: accountNames[platform],
      hoursAgo: 20 + index * 37,
      title: ['Spring collection teaser', 'Studio tour', 'Launch countdown', 'Hiring: product designer', 'Customer story: Ana', 'Lighting tips', 'Weekend sale'][index]!,
      metrics: { views: 1200 + index * 830, likes: 140 + index * 37, comments: 12 + index * 5, shares: 8 + index * 3 },
      firstTwoDays: 90 + index * 40,
    })),
  );
  const session = await moduleSessionFor(twin, user, 'autotoon');
  await registerContent(twin, session, { type: 'video', fileName: 'spring-cartoon.mp4', contentType: 'video/mp4', body: sampleCartoon });
  return user;
}
