/** True for an IANA time zone name the runtime knows (Europe/Istanbul, America/New_York, UTC…). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}
