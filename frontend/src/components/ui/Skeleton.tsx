import type { CSSProperties } from 'react';

/** A grey shimmering block standing in for content that is loading (hidden from screen readers). */
export function Skeleton({ width = '100%', height = '1rem', radius, className = '' }: { width?: string; height?: string; radius?: string; className?: string }) {
  const style: CSSProperties = { width, height, ...(radius ? { borderRadius: radius } : {}) };
  return <span className={`skeleton ${className}`} style={style} aria-hidden="true" />;
}

/** A page's worth of placeholders: a heading, a line and a grid of cards, announced once as loading. */
export function PageSkeleton({ label, cards = 6 }: { label: string; cards?: number }) {
  return (
    <div className="page-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <Skeleton width="14rem" height="2rem" />
      <Skeleton width="22rem" height="0.9rem" className="skeleton-line" />
      <div className="skeleton-grid">
        {Array.from({ length: cards }, (_, index) => (
          <div key={index} className="card skeleton-card">
            <Skeleton height="7rem" radius="var(--radius-md)" />
            <Skeleton width="70%" />
            <Skeleton width="45%" />
          </div>
        ))}
      </div>
    </div>
  );
}
