// The report's number and column formatting.
export const pct = (x: number, digits = 1) => (Number.isFinite(x) ? `${(x * 100).toFixed(digits)}%` : 'n/a');
export const num = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');
export const pad = (s: string, n: number) => s.padStart(n);
export const line = (cells: [string, number][]) => cells.map(([s, n]) => pad(s, n)).join(' ');
