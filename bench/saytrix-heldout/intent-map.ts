/**
 * Set A's labels predate the issue-24 intents (it marks them with `slots.topic`). A reply's newer
 * intent counts as right when it is the newer name of the labelled one.
 */
const NEWER: Record<string, string[]> = {
  transactions: ['journal', 'habits'],
  portfolio: ['leaderboard'],
  orders: ['gtt'],
  movers: ['sectors'],
  index: ['sectors'],
  quote: ['why'],
};

export function intentMatches(got: string | undefined, want: string): boolean {
  return got === want || (got !== undefined && (NEWER[want] ?? []).includes(got));
}
