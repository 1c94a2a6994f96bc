/** Where an MCP client reaches this instance: the same origin as the app. */
export function mcpUrl(origin: string): string {
  return `${origin}/mcp`;
}

/**
 * Claude Desktop speaks MCP over stdio, so it reaches an HTTP server through `mcp-remote`. That
 * bridge refuses plain http except on localhost unless told `--allow-http`.
 */
export function claudeDesktopConfig(origin: string, secret: string): string {
  const url = mcpUrl(origin);
  const local = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin);
  const insecure = origin.startsWith('http:') && !local;
  const args = ['mcp-remote', url, '--header', `Authorization: Bearer ${secret}`];
  if (insecure) args.push('--allow-http');
  return JSON.stringify({ mcpServers: { nivesh: { command: 'npx', args } } }, null, 2);
}

function shortValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(' ');
  return JSON.stringify(value);
}

/** Arguments as one short line for the audit table; the full JSON is in the cell's title. */
export function compactArguments(args: Record<string, unknown>, max = 80): string {
  const text = Object.entries(args)
    .map(([key, value]) => `${key}=${shortValue(value)}`)
    .join(', ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
