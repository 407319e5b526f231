import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** The illustration: the page's icon on soft layered shapes in the brand colour (decorative). */
function Illustration({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <svg className="empty-state-art" width="132" height="96" viewBox="0 0 132 96" aria-hidden="true" focusable="false">
      <rect x="14" y="22" width="64" height="52" rx="10" fill="currentColor" opacity="0.1" transform="rotate(-8 46 48)" />
      <rect x="54" y="18" width="64" height="52" rx="10" fill="currentColor" opacity="0.14" transform="rotate(7 86 44)" />
      <circle cx="66" cy="48" r="28" fill="var(--surface)" stroke="currentColor" strokeOpacity="0.35" strokeWidth="2" />
      <circle cx="112" cy="14" r="4" fill="currentColor" opacity="0.35" />
      <circle cx="18" cy="84" r="3" fill="currentColor" opacity="0.3" />
      <Icon x={52} y={34} width={28} height={28} strokeWidth={1.8} />
    </svg>
  );
}

/** What a page says when it has nothing to show yet: a picture, the words, and the one next step. */
export function EmptyState({ icon, title, hint, action }: { icon: LucideIcon; title: string; hint?: string; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <Illustration icon={icon} />
      <h2>{title}</h2>
      {hint && <p className="hint">{hint}</p>}
      {action}
    </div>
  );
}
