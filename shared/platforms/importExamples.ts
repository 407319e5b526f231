/**
 * The CSV import's examples, in the networks' own terms (generic code names no platform: the
 * template's help and the import's messages read them here; docs/csv.md shows the same).
 */
export const importExamples = {
  /** Accounts as the accounts column takes them: platform:name, @handle or id. */
  accounts: ['x:@oneclick', 'linkedin:Ada Lovelace'],
  /** The accounts column's example cell in the template. */
  account: 'bluesky:oneclick.bsky.social',
  /** A network's post options as the options column takes them (YouTube's two required ones). */
  options: '{"youtube":{"privacyStatus":"unlisted","madeForKids":false}}',
} as const;
