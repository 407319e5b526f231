import { useState, type FocusEvent } from 'react';

/**
 * Whether a card is hovered or has focus inside it, kept apart so that one ending does not end the
 * other (a focused card the pointer leaves still previews). A pointer move counts as hovering, so
 * a card that appears or shifts under a resting pointer starts as soon as the pointer moves.
 */
export function useHoverOrFocus() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return {
    active: hovered || focused,
    handlers: {
      onPointerEnter: () => setHovered(true),
      onPointerMove: () => setHovered(true),
      onPointerLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
