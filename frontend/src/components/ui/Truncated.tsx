/** One line that ends in "…" when it does not fit; the full text is in the tooltip. */
export function Truncated({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p className={`truncate ${className}`} title={text}>
      {text}
    </p>
  );
}
