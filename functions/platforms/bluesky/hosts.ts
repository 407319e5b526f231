/**
 * The hosts Bluesky's module calls, the real one by key: `entryway` is where sign-in starts (its
 * metadata names the authorization server), `plc` resolves did:plc identities, `video` is the
 * video service. The account's own PDS comes from its DID document and is kept with its tokens.
 */
export const blueskyHosts = {
  entryway: 'https://bsky.social',
  plc: 'https://plc.directory',
  video: 'https://video.bsky.app',
} as const;
