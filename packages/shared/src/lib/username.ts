/**
 * The email's local part with non-alphanumerics removed, plus the last 4 digits
 * of the current time in milliseconds.
 */
export function deriveUsername(email: string, nowMs: number = Date.now()): string {
  const local = email.split('@')[0] ?? '';
  const base =
    local
      .replace(/[^a-zA-Z0-9]/g, '')
      .toLowerCase()
      .slice(0, 30) || 'user';
  const suffix = String(Math.trunc(nowMs)).slice(-4).padStart(4, '0');
  return `${base}${suffix}`;
}

/** Splits a full name into first and last for the profile's separate fields. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: '', lastName: '' };
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}
