/**
 * Polls `probe` until it returns something other than undefined, and returns that. Tests wait on
 * what a caller can observe, with a generous limit, never on a sleep tuned to pass.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  options: { what?: string; timeoutMs?: number } = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`not reached in ${timeoutMs / 1000} s: ${options.what ?? 'the condition'}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
