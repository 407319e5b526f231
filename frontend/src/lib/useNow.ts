import { useEffect, useState } from 'react';

/**
 * The current time, read once per `everyMs` (a minute by default) rather than during render, so a
 * page left open keeps "today" and "past" right and renders stay pure.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
