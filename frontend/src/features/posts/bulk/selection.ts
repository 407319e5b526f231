/**
 * Which posts of a list are selected for a bulk action, and the anchor a range starts from: a
 * click (or Space) toggles one post and moves the anchor to it; with Shift it selects every post
 * from the anchor to it, in the order shown, keeping those already selected.
 */
export interface Selection {
  readonly ids: ReadonlySet<string>;
  readonly anchor: string | null;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null };

export function toggleInSelection(selection: Selection, shown: readonly string[], postId: string, range = false): Selection {
  const from = selection.anchor === null ? -1 : shown.indexOf(selection.anchor);
  const to = shown.indexOf(postId);
  if (range && from >= 0 && to >= 0) {
    const [start, end] = from <= to ? [from, to] : [to, from];
    return { ids: new Set([...selection.ids, ...shown.slice(start, end + 1)]), anchor: selection.anchor };
  }
  const ids = new Set(selection.ids);
  if (ids.has(postId)) ids.delete(postId);
  else ids.add(postId);
  return { ids, anchor: postId };
}

export function selectAll(shown: readonly string[]): Selection {
  return { ids: new Set(shown), anchor: shown[0] ?? null };
}

/** Only the posts still shown stay selected (a post that left the list, published or deleted, leaves the selection). */
export function keepShown(selection: Selection, shown: readonly string[]): Selection {
  const visible = new Set(shown);
  const ids = [...selection.ids].filter((id) => visible.has(id));
  if (ids.length === selection.ids.size && (selection.anchor === null || visible.has(selection.anchor))) return selection;
  return { ids: new Set(ids), anchor: selection.anchor !== null && visible.has(selection.anchor) ? selection.anchor : null };
}
