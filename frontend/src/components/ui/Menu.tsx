import { useRef, type ReactNode, type Ref } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  /** Drawn in the danger colour (cancel, delete). */
  danger?: boolean;
  disabled?: boolean;
}

/**
 * A "more actions" menu (Radix DropdownMenu): a button that opens a list of actions; arrow keys
 * move, Enter chooses, Escape closes and focus goes back to the button. For an item's secondary
 * actions, so a card keeps one visible primary action instead of a row of wrapping buttons.
 */
export function Menu({ label, items, trigger, triggerRef }: { label: string; items: MenuItem[]; trigger?: ReactNode; triggerRef?: Ref<HTMLButtonElement> }) {
  // An action that opens something (a dialog) takes the focus; the menu does not pull it back.
  const acted = useRef(false);
  return (
    <DropdownMenu.Root modal={false} onOpenChange={(open) => open && (acted.current = false)}>
      <DropdownMenu.Trigger ref={triggerRef} className="icon-button menu-trigger" aria-label={label}>
        {trigger ?? <MoreHorizontal size={18} aria-hidden="true" />}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(event) => acted.current && event.preventDefault()}
        >
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              className={`menu-item${item.danger ? ' danger' : ''}`}
              disabled={item.disabled}
              onSelect={() => {
                acted.current = true;
                item.onSelect();
              }}
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
