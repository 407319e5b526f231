import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A relative link written in a markdown file: `[text](target)` or `![alt](target)`. */
export interface MarkdownLink {
  text: string;
  target: string;
}

const fence = /^\s*(```|~~~)/;

/** The lines outside fenced code blocks. */
function linesOutsideFences(markdown: string): string[] {
  const lines: string[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (fence.test(line)) inFence = !inFence;
    else if (!inFence) lines.push(line);
  }
  return lines;
}

/** The links of a markdown file that point inside the repository (no scheme such as https: or mailto:). */
export function relativeLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  // Inline code is not a link: `[text](target)` in backticks is left out.
  for (const line of linesOutsideFences(markdown).map((text) => text.replace(/`[^`]*`/g, ''))) {
    for (const match of line.matchAll(/!?\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[2]!;
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ text: match[1]!, target });
    }
  }
  return links;
}

/**
 * GitHub's anchor for a heading: lower case, punctuation removed except `-` and `_` (letters,
 * digits and spaces stay), each space a `-`; a repeated heading gets `-1`, `-2`, … as GitHub does.
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of linesOutsideFences(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!.toLowerCase().replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, '').replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** Every .md file under a folder, as paths relative to `root`, sorted. */
export function markdownFilesUnder(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
    .sort();
}

/**
 * Each relative link of the given files (paths relative to `root`) whose file does not exist, or
 * whose `#anchor` names no heading of the markdown file it points to, as one sentence per link.
 */
export function brokenLinks(root: string, files: readonly string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const markdown = readFileSync(path.join(root, file), 'utf8');
    for (const { text, target } of relativeLinks(markdown)) {
      const [targetPath = '', anchor] = target.split('#', 2);
      const resolved = targetPath === '' ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), decodeURIComponent(targetPath));
      const written = `${file}: [${text}](${target})`;
      if (!existsSync(resolved)) {
        problems.push(`${written} points to ${path.relative(root, resolved)}, which does not exist`);
      } else if (anchor !== undefined) {
        if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
          problems.push(`${written} has an anchor, but ${path.relative(root, resolved)} is not a markdown file`);
        } else if (!headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)) {
          problems.push(`${written}: ${path.relative(root, resolved)} has no heading whose anchor is #${anchor}`);
        }
      }
    }
  }
  return problems;
}
