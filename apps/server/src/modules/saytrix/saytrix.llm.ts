import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';

export const AI_UNAVAILABLE = 'AI service temporarily unavailable.';
const MAX_ROUNDS = 3;

/** A figure as replies print it: ₹1,23,456.78, −₹3.00, +1.47%, 50,57,965, 05:22. */
const FIGURE = /[+−-]?[₹$]?\d[\d,]*(?:[.:]\d+)?%?/g;
const SLOT = /\{\{(s\d+)\}\}/g;

/** The read-only questions the model may ask the server; one tool with a mode, strict arguments. */
export const LLM_MODES = [
  'quote',
  'index',
  'movers',
  'portfolio',
  'holding',
  'cash',
  'orders',
  'transactions',
  'fees',
  'compare',
] as const;
export type LlmMode = (typeof LLM_MODES)[number];
const toolArgs = z.object({ mode: z.enum(LLM_MODES), symbols: z.array(z.string().max(40)).max(4) });
export type LlmToolCall = z.infer<typeof toolArgs>;

const TOOLS: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'nivesh',
      description:
        'Reads the market or the user’s account. Figures come back as slots like {{s1}}; cite them only as slots.',
      strict: true,
      parameters: {
        type: 'object',
        additionalProperties: false,
        required: ['mode', 'symbols'],
        properties: {
          mode: { type: 'string', enum: [...LLM_MODES] },
          symbols: {
            type: 'array',
            items: { type: 'string' },
            description: 'Stock or index names as the user said them; empty when not needed',
          },
        },
      },
    },
  },
];

/** Every figure of a server answer replaced by a slot the model can cite but never change. */
export class Slots {
  private readonly values = new Map<string, string>();

  slot(text: string): string {
    return text.replace(FIGURE, (figure) => {
      const id = `s${this.values.size + 1}`;
      this.values.set(id, figure);
      return `{{${id}}}`;
    });
  }

  /** The model's text with slots filled, or undefined when it holds any figure not from a slot. */
  fill(text: string): string | undefined {
    let unknownSlot = false;
    const bare = text.replace(SLOT, (_m, id: string) => {
      if (!this.values.has(id)) unknownSlot = true;
      return '';
    });
    if (unknownSlot || /\d/.test(bare)) return undefined;
    return text.replace(SLOT, (_m, id: string) => this.values.get(id)!);
  }
}

const SYSTEM = [
  'You are Saytrix, the assistant of Nivesh, a paper-trading app for Indian stocks.',
  'Answer in at most three short sentences of markdown.',
  'You never state a number yourself: every figure must be a slot such as {{s1}} taken from the draft answer or a tool result.',
  'Never give tips, recommendations or predictions. Never claim to place orders.',
].join(' ');

/**
 * Optional phrasing by an OpenAI-compatible model. The server's own answer comes first; the model
 * may only rephrase it (or add facts from the tool) with slots, and any stray figure throws its
 * text away.
 */
export class SaytrixLlm {
  private readonly client: OpenAI;

  constructor(private readonly o: { baseUrl: string; model: string; apiKey: string; timeoutMs: number }) {
    this.client = new OpenAI({ baseURL: o.baseUrl, apiKey: o.apiKey, timeout: o.timeoutMs, maxRetries: 0 });
  }

  /** The checked, filled text; undefined when the model's text failed the check. Throws when the service fails. */
  async phrase(
    question: string,
    draft: string,
    runTool: (call: LlmToolCall) => Promise<string>,
  ): Promise<string | undefined> {
    const slots = new Slots();
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: SYSTEM },
      { role: 'system', content: `Draft answer from the server (figures as slots):\n${slots.slot(draft)}` },
      { role: 'user', content: question },
    ];
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const completion = await this.client.chat.completions.create({
        model: this.o.model,
        messages,
        tools: TOOLS,
        temperature: 0,
      });
      const message = completion.choices[0]?.message;
      if (!message) return undefined;
      const calls = (message.tool_calls ?? []).filter((c) => c.type === 'function');
      if (!calls.length) return message.content ? slots.fill(message.content.trim()) : undefined;
      messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: calls });
      for (const call of calls) {
        let content: string;
        try {
          const args = toolArgs.parse(JSON.parse(call.function.arguments));
          content = slots.slot(await runTool(args));
        } catch {
          content = 'That call could not be answered.';
        }
        messages.push({ role: 'tool', tool_call_id: call.id, content });
      }
    }
    return undefined;
  }
}
