import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../../shared/i18n/en';
import { tr } from '../../../shared/i18n/tr';
import { capabilities, isPlatform, platformNames, platforms, platformsInDisplayOrder } from '../../../shared/platforms';

const root = join(import.meta.dirname, '../../..');

describe('the platform capability data', () => {
  it('has one complete entry per platform, under its own id', () => {
    for (const platform of platforms) {
      const entry = capabilities[platform];
      expect(entry.id).toBe(platform);
      expect(entry.name.trim()).not.toBe('');
      expect(platformNames[platform]).toBe(entry.name);
      expect(entry.brandColor).toMatch(/^#[0-9A-F]{6}$/i);
      expect(entry.monogram.trim()).not.toBe('');
      expect(entry.text.max).toBeGreaterThan(0);
      expect(entry.text.count('abc')).toBe(3);
      expect(entry.media.video ?? entry.media.image, `${platform} takes some media`).toBeDefined();
      for (const rule of [entry.media.video, entry.media.image]) {
        if (!rule) continue;
        expect(rule.formats.length).toBeGreaterThan(0);
        for (const format of rule.formats) expect(format).toMatch(/^(image|video)\/[a-z0-9.+-]+$/);
        if (rule.maxBytes !== undefined) expect(rule.maxBytes).toBeGreaterThan(0);
      }
      if (entry.media.image) expect(entry.media.image.maxCount).toBeGreaterThanOrEqual(1);
      const seconds = entry.media.video?.seconds;
      if (seconds?.min !== undefined && seconds.max !== undefined) expect(seconds.min).toBeLessThan(seconds.max);
      if (entry.title) expect(entry.title.max).toBeGreaterThan(0);
      if (entry.carousel) expect(entry.carousel.min).toBeLessThanOrEqual(entry.carousel.max);
      for (const flag of [entry.firstComment, entry.threads, entry.dailyRateLimit]) expect(typeof flag).toBe('boolean');
      if (entry.nativeScheduling) expect(entry.nativeScheduling.changedIn.trim()).not.toBe('');
    }
  });

  it('gives every platform its own place in the display order', () => {
    const orders = platforms.map((platform) => capabilities[platform].displayOrder);
    expect(new Set(orders).size).toBe(platforms.length);
    expect([...platformsInDisplayOrder].sort()).toEqual([...platforms].sort());
  });

  it("keeps the spec's orders: the wizard's grid and the filters, and the accounts page", () => {
    const spec = ['linkedin', 'x', 'instagram', 'youtube', 'tiktok'];
    expect(platformsInDisplayOrder.filter((platform) => spec.includes(platform))).toEqual(spec);
    expect(platforms.filter((platform) => spec.includes(platform))).toEqual(['youtube', 'tiktok', 'instagram', 'x', 'linkedin']);
  });

  it('has words for every text unit in both languages', () => {
    for (const platform of platforms) {
      const unit = capabilities[platform].text.unit;
      expect(en.wizard.description.units[unit]).toBeTruthy();
      expect(tr.wizard.description.units[unit]).toBeTruthy();
    }
  });

  it('knows its own ids and nothing else', () => {
    for (const platform of platforms) expect(isPlatform(platform)).toBe(true);
    expect(isPlatform('myspace')).toBe(false);
    expect(isPlatform('constructor')).toBe(false);
  });

  it("holds the spec's limits: 2200 for Instagram and TikTok, a required YouTube title of at most 100, Instagram videos of 3–90 s", () => {
    expect(capabilities.instagram.text.max).toBe(2200);
    expect(capabilities.tiktok.text.max).toBe(2200);
    expect(capabilities.youtube.title).toMatchObject({ required: true, max: 100 });
    expect(capabilities.instagram.media.video?.seconds).toEqual({ min: 3, max: 90 });
  });
});

/** Source files under a folder, recursively. */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('generic code reads platforms through the data', () => {
  // Platform-specific code lives in the platform data, the platform modules and the messages; the
  // front end's artwork table is the one platform fact kept there (see platformArtwork.ts).
  const generic = ['functions/services', 'functions/http', 'functions/handlers', 'frontend/src', 'shared'].flatMap((folder) => sources(join(root, folder)));
  const exempt = [/^shared\/platforms\//, /^shared\/i18n\//, /^frontend\/src\/components\/ui\/platformArtwork\.ts$/];

  // An id that is also a word of the domain (Threads' id is the thread feature's `threads`: a
  // post's `threads`, a capability's `threads`) is looked for where only the platform can be
  // meant: a comparison or case with it, or a platform table read with it (`capabilities.threads`,
  // `names['threads']`). Every other id is looked for everywhere.
  const domainWords = new Set(['threads']);
  const ids = platforms.map((platform) => platform.replace(/[^A-Za-z0-9]/g, '')).filter((id) => !domainWords.has(id));
  const words = platforms.filter((platform) => domainWords.has(platform));
  // An id as a quoted string ('youtube'), or as a bare word in code (youtube: …, .linkedin) for ids longer than one letter.
  const quoted = new RegExp(`['"\`](${ids.join('|')})['"\`]`);
  const bare = new RegExp(`\\b(${ids.filter((id) => id.length > 1).join('|')})\\b`);
  const word = `(${words.join('|')})`;
  const asPlatform = new RegExp(
    [`[=!]==?\\s*['"\`]${word}['"\`]`, `['"\`]${word}['"\`]\\s*[=!]==?`, `case\\s+['"\`]${word}['"\`]`, `\\[\\s*['"\`]${word}['"\`]\\s*\\]`, `\\b[A-Za-z]+(Names|Rules|Artwork|Modules|Sandboxes|Hosts|capabilities)\\.${word}\\b`, `\\bcapabilities\\.${word}\\b`].join('|'),
  );
  const mentionsPlatform = (line: string) => quoted.test(line) || bare.test(line) || (words.length > 0 && asPlatform.test(line));

  it('catches an id that is also a domain word where only the platform can be meant, and not the word', () => {
    for (const line of ["if (platform === 'threads') {", "case 'threads':", "const rule = capabilities.threads.text;", "names['threads']", "platformNames.threads", "linkedin: 'a'"]) expect(mentionsPlatform(line), line).toBe(true);
    for (const line of ['const threads = keptThreads(input.threads, platforms);', "path: ['threads', platform]", 'capabilities[platform].threads']) expect(mentionsPlatform(line), line).toBe(false);
  });

  it('names no platform in a generic service, component or shared rule', () => {
    const offenders: string[] = [];
    for (const path of generic) {
      const file = relative(root, path);
      if (exempt.some((pattern) => pattern.test(file))) continue;
      withoutComments(readFileSync(path, 'utf8'))
        .split('\n')
        .forEach((line, index) => {
          if (mentionsPlatform(line)) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
