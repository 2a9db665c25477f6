/**
 * An instant as every screen writes it: local time to the second, "2026-11-26 19:49:43" (support
 * matches it with the customer's report; one format in History, its diff and the past runs).
 * Callers keep the ISO instant at hand (a `datetime` or a tooltip) where the zone matters.
 */
export function localTime(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
