import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** /agent: create a token, read its secret once, approve held orders, read the audit log. */
export class AgentPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/agent');
    await expect(this.page.getByRole('heading', { name: 'Agent sandbox', level: 1 })).toBeVisible();
  }

  /** Fills the create form and returns the secret the page shows once. */
  async createToken({ name, budget, approve }: { name: string; budget: number; approve: boolean }) {
    const form = this.page.getByRole('form', { name: 'New agent token' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    const trade = form.getByRole('checkbox', { name: /^trade/ });
    if (!(await trade.isChecked())) await trade.check();
    await form.getByLabel('Budget (₹)').fill(String(budget));
    const ask = form.getByRole('checkbox', { name: 'Ask me to approve every order' });
    if ((await ask.isChecked()) !== approve) await ask.click();
    await form.getByRole('button', { name: 'Create token' }).click();
    const secret = this.page.getByTestId('agent-secret');
    await expect(secret).toHaveText(/^nva_/);
    return (await secret.innerText()).trim();
  }

  waiting(): Locator {
    return this.page.getByRole('list', { name: 'Waiting for approval' });
  }

  auditTable(): Locator {
    return this.page.getByRole('table', { name: 'Agent audit log' });
  }
}

/** An MCP client in a few lines: JSON-RPC over streamable HTTP, as any agent would speak it. */
export class McpClient {
  private id = 0;

  constructor(
    private readonly request: APIRequestContext,
    private readonly secret: string,
  ) {}

  async call(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    this.id += 1;
    const res = await this.request.post('/mcp', {
      headers: {
        Authorization: `Bearer ${this.secret}`,
        Accept: 'application/json, text/event-stream',
        'Content-Type': 'application/json',
      },
      data: { jsonrpc: '2.0', id: this.id, method, params },
    });
    expect(res.status(), await res.text()).toBe(200);
    return parseRpc(await res.text(), res.headers()['content-type'] ?? '');
  }

  initialize() {
    return this.call('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'nivesh-e2e', version: '1.0.0' },
    });
  }

  tool(name: string, args: Record<string, unknown>) {
    return this.call('tools/call', { name, arguments: args });
  }
}

/** The answer is plain JSON or, from a streaming server, one SSE `data:` event. */
function parseRpc(text: string, contentType: string): Record<string, unknown> {
  const json = contentType.includes('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .at(-1)
    : text;
  const message = JSON.parse(json ?? 'null') as { result?: Record<string, unknown>; error?: unknown };
  if (!message.result) throw new Error(`JSON-RPC error: ${JSON.stringify(message.error ?? message)}`);
  return message.result;
}
