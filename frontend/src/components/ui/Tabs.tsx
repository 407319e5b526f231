import type { ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';

/**
 * Tabs (Radix Tabs): a row of tabs over one panel, for switching between views of the same thing
 * (the calendar's month and week). Arrow keys move between tabs, the panel is labelled by the
 * chosen tab. Controlled: the page keeps the value; `children` is the chosen view's panel.
 */
export function Tabs<T extends string>({
  label,
  value,
  options,
  onChange,
  children,
  before,
  className = '',
}: {
  /** The tab list's accessible name (e.g. "Calendar view"). */
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: ReactNode }>;
  onChange: (value: T) => void;
  children: ReactNode;
  /** Controls drawn in the same row, before the tabs (a toolbar's buttons and title). */
  before?: ReactNode;
  className?: string;
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={(next) => onChange(next as T)} className={`tabs ${className}`.trim()}>
      <div className="tab-bar">
        {before}
        <RadixTabs.List className="tab-list" aria-label={label}>
          {options.map((option) => (
            <RadixTabs.Trigger key={option.value} value={option.value} className="tab">
              {option.label}
            </RadixTabs.Trigger>
          ))}
        </RadixTabs.List>
      </div>
      <RadixTabs.Content value={value} className="tab-panel">
        {children}
      </RadixTabs.Content>
    </RadixTabs.Root>
  );
}
