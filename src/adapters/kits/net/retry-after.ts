/** Retry-After in seconds (delta-seconds or an HTTP date); 60 s when absent or unreadable. */
export function retryAfterSeconds(header: string | null): number {
  if (!header) return 60;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? 60 : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
