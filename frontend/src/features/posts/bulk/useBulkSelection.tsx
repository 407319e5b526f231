import { useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../../shared/api/posts';
import { emptySelection, keepShown, selectAll, toggleInSelection, type Selection } from './selection';

/** A list's selection of posts for bulk actions, kept to the posts it shows. */
export function useBulkSelection(posts: readonly Post[]) {
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const shown = useMemo(() => posts.map((post) => post.postId), [posts]);
  const current = keepShown(selection, shown);
  return {
    selectedIds: current.ids,
    selected: posts.filter((post) => current.ids.has(post.postId)),
    allSelected: shown.length > 0 && shown.every((id) => current.ids.has(id)),
    toggle: (postId: string, range: boolean) => setSelection((now) => toggleInSelection(keepShown(now, shown), shown, postId, range)),
    selectAll: () => setSelection(selectAll(shown)),
    clear: () => setSelection(emptySelection),
  };
}

/**
 * A post card's checkbox: a click or Space selects it; with Shift, the range from the last one
 * chosen. Shift+Space is taken on keydown (a keyboard's click carries no Shift in every browser).
 */
export function SelectPost({ post, selected, onToggle }: { post: Post; selected: boolean; onToggle: (postId: string, range: boolean) => void }) {
  const { t } = useTranslation();
  const takenByKey = useRef(false);
  const title = post.title ?? (post.description || t('posts.untitled'));
  return (
    <label className="post-card-select">
      <input
        type="checkbox"
        checked={selected}
        onChange={() => undefined}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key !== ' ' || !event.shiftKey) return;
          event.preventDefault();
          takenByKey.current = true;
          onToggle(post.postId, true);
        }}
        onKeyUp={() => {
          // A browser that still clicks does so before keyup's handlers run out: forget the key after it.
          setTimeout(() => (takenByKey.current = false));
        }}
        onClick={(event: MouseEvent<HTMLInputElement>) => {
          if (takenByKey.current) {
            takenByKey.current = false;
            event.preventDefault();
            return;
          }
          onToggle(post.postId, event.shiftKey);
        }}
      />
      <span className="visually-hidden">{t('bulk.select', { what: title })}</span>
    </label>
  );
}
