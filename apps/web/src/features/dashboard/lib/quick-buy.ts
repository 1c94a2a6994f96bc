/** The stock detail quantity: at least 1; anything not a whole number reads as 1. */
export function readQuantity(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}
