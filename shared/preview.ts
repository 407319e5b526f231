import type { MediaFrame, PreviewRule } from './platforms/capabilities';

/**
 * What a network's feed shows of a post (the platform data's `preview`), worked out for the
 * wizard's live preview: where the text is cut and the shape the media is framed in.
 */

/** The part of a text the feed shows, and whether its "more" link follows. */
export interface FoldedText {
  shown: string;
  more: boolean;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/** How far back from the cut (in graphemes, at least this many) a word boundary is still preferred to cutting a word. */
const WORD_BOUNDARY_REACH = 12;

/**
 * The text as the feed shows it before "more": cut after `fold.characters` graphemes or at the end
 * of line `fold.lines`, whichever comes first. The cut never splits a grapheme (an emoji, a letter
 * with its combining marks, a CRLF); inside a word, it moves back to the last word boundary when
 * one is near (within a fifth of the fold, at least 12 graphemes): before a space, else between
 * words where the script has no spaces (Chinese, Japanese, Thai, as Intl.Segmenter finds them). A text that fits, or whose rest is only
 * white space, is shown whole without "more".
 */
export function foldText(text: string, fold: PreviewRule['fold']): FoldedText {
  if (!fold) return { shown: text, more: false };
  let cut = text.length;
  let seen = 0;
  for (const { index } of graphemes.segment(text)) {
    if (seen === fold.characters) {
      cut = index;
      break;
    }
    seen += 1;
  }
  if (fold.lines !== undefined) {
    let lineEnd = -1;
    for (let line = 0; line < fold.lines; line += 1) {
      lineEnd = text.indexOf('\n', lineEnd + 1);
      if (lineEnd === -1) break;
    }
    // A CRLF's CR stays out of the shown part.
    if (lineEnd !== -1 && lineEnd < cut) cut = lineEnd > 0 && text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
  }
  if (!text.slice(cut).trim()) return { shown: text, more: false };

  // The last word boundary near the cut: before white space if there is one, else between words.
  const reach = Math.max(WORD_BOUNDARY_REACH, Math.floor(fold.characters / 5));
  let nearest = -1;
  let beforeSpace = -1;
  for (const { index, segment } of words.segment(text)) {
    if (index > cut) break;
    nearest = index;
    if (/^\s/.test(segment)) beforeSpace = index;
  }
  const withinReach = (index: number) => index > 0 && countGraphemes(text.slice(index, cut)) <= reach;
  const boundary = nearest === cut ? cut : withinReach(beforeSpace) ? beforeSpace : withinReach(nearest) ? nearest : cut;
  const shown = text.slice(0, boundary).trimEnd();
  return { shown: shown || text.slice(0, cut), more: true };
}

const countGraphemes = (text: string) => [...graphemes.segment(text)].length;

const ratio = ([width, height]: readonly [number, number]) => width / height;

/**
 * The shape (width / height) a feed gives a file: the crop's or the box's, or the file's own between
 * the frame's widest and tallest (square while the file's size is not known yet).
 */
export function frameAspect(frame: MediaFrame, size?: { width: number; height: number }): number {
  if ('crop' in frame) return ratio(frame.crop);
  if ('fit' in frame) return ratio(frame.fit);
  const own = size && size.width > 0 && size.height > 0 ? size.width / size.height : 1;
  const widest = frame.own.widest ? ratio(frame.own.widest) : Infinity;
  return Math.min(Math.max(own, ratio(frame.own.tallest)), widest);
}
