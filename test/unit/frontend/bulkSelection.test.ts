import { describe, expect, it } from 'vitest';
import { emptySelection, keepShown, selectAll, toggleInSelection } from '../../../frontend/src/features/posts/bulk/selection';

const shown = ['a', 'b', 'c', 'd', 'e'];
const ids = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort();

describe('selecting posts for a bulk action', () => {
  it('toggles one post and makes it the anchor', () => {
    const once = toggleInSelection(emptySelection, shown, 'b');
    expect(ids(once)).toEqual(['b']);
    expect(once.anchor).toBe('b');
    const twice = toggleInSelection(once, shown, 'b');
    expect(ids(twice)).toEqual([]);
  });

  it('selects the range from the anchor with Shift, either way, keeping what was selected', () => {
    const anchored = toggleInSelection(toggleInSelection(emptySelection, shown, 'a'), shown, 'd');
    expect(ids(toggleInSelection(anchored, shown, 'b', true))).toEqual(['a', 'b', 'c', 'd']);
    const down = toggleInSelection(toggleInSelection(emptySelection, shown, 'b'), shown, 'e', true);
    expect(ids(down)).toEqual(['b', 'c', 'd', 'e']);
    expect(down.anchor).toBe('b');
  });

  it('treats Shift without an anchor, or with one no longer shown, as a plain toggle', () => {
    expect(ids(toggleInSelection(emptySelection, shown, 'c', true))).toEqual(['c']);
    expect(ids(toggleInSelection({ ids: new Set(), anchor: 'gone' }, shown, 'c', true))).toEqual(['c']);
  });

  it('selects all shown, and keeps only the posts still shown', () => {
    expect(ids(selectAll(shown))).toEqual(shown);
    const kept = keepShown({ ids: new Set(['a', 'c', 'x']), anchor: 'x' }, shown);
    expect(ids(kept)).toEqual(['a', 'c']);
    expect(kept.anchor).toBeNull();
    const same = { ids: new Set(['a']), anchor: 'a' };
    expect(keepShown(same, shown)).toBe(same);
  });
});
