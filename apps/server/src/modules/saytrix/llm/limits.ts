/** How much one chat may cost: a model asking for 200 tools a round once got 600 executed. */
export const MAX_ROUNDS = 3;
export const MAX_TOOL_CALLS_PER_ROUND = 4;
export const TOOL_LIMIT_ANSWER = 'Not executed: limit of 4 tool calls per round.';

/** An answer longer than this is cut (at a sentence end) before it is shown or stored. */
export const MAX_ANSWER_CHARS = 4_000;

/** The text cut to at most `max` characters, at the last sentence or line end that fits. */
export function capAnswer(text: string, max = MAX_ANSWER_CHARS): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'), head.lastIndexOf('\n'));
  // No sentence end in the first half: cut at the last space instead of dropping nearly everything.
  const cut = end >= max / 2 ? end + 1 : Math.max(head.lastIndexOf(' '), max / 2);
  return `${head.slice(0, cut).trimEnd()}…`;
}
