import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeLlmRequest {
  messages: Array<{ role: string; content: string | null; tool_call_id?: string }>;
  /** The tool definitions the model was offered. */
  tools?: unknown[];
}

export type FakeLlmStep = (
  | { kind: 'tools'; calls: Array<{ mode: string; symbols: string[] }> }
  | { kind: 'text'; content: string }
  /** Text written from what the model received (e.g. to pick a slot of a given kind). */
  | { kind: 'reply'; write: (request: FakeLlmRequest) => string }
  /** Never answers: the caller's timeout must give up (the response is destroyed on close). */
  | { kind: 'hang' }
  /** An HTTP error from the model service (500 unless said). */
  | { kind: 'fail'; status?: number }
) & { delayMs?: number };

export interface FakeLlm {
  baseUrl: string;
  /** Steps taken in order, one per request; when empty, `fallback` answers. */
  script: FakeLlmStep[];
  fallback: FakeLlmStep;
  /** Every request body the model received. */
  received: FakeLlmRequest[];
  close(): Promise<void>;
}

function completion(message: Record<string, unknown>, finish: string) {
  return {
    id: 'c1',
    object: 'chat.completion',
    created: 0,
    model: 'scripted',
    choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
  };
}

/** A scripted OpenAI-compatible server on loopback: each request takes the next step of the script. */
export async function startFakeLlm(): Promise<FakeLlm> {
  const hanging: ServerResponse[] = [];
  const fake: Omit<FakeLlm, 'baseUrl' | 'close'> = {
    script: [],
    fallback: { kind: 'text', content: 'Sorry.' },
    received: [],
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const request = JSON.parse(body) as FakeLlmRequest;
      fake.received.push(request);
      const step = fake.script.shift() ?? fake.fallback;
      if (step.kind === 'hang') {
        hanging.push(res);
        return;
      }
      if (step.kind === 'fail') {
        res
          .writeHead(step.status ?? 500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'boom' } }));
        return;
      }
      const message =
        step.kind === 'tools'
          ? {
              role: 'assistant',
              content: null,
              tool_calls: step.calls.map((c, i) => ({
                id: `call_${i + 1}`,
                type: 'function',
                function: { name: 'nivesh', arguments: JSON.stringify(c) },
              })),
            }
          : { role: 'assistant', content: step.kind === 'text' ? step.content : step.write(request) };
      const send = () => {
        if (res.destroyed) return;
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(completion(message, step.kind === 'tools' ? 'tool_calls' : 'stop')));
      };
      if (step.delayMs) {
        hanging.push(res);
        setTimeout(send, step.delayMs);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
