// Saytrix held-out score: every line of a held-out set (A: heldout.jsonl, B: heldout-b.jsonl,
// C: heldout-c.jsonl, D: heldout-d.jsonl, E: heldout-e.jsonl; each written without reading
// Saytrix's grammar, see the READMEs here) is sent to the chat endpoint of an app built
// in-process on a fresh PGlite, as a signed-up user whose book was made through the real API
// (setup.ts). Prints intent accuracy, slot accuracy per slot,
// intent+slots accuracy, how many questions became proposals, opposite-action proposals, two-turn
// conversation results, figure accuracy (sets B to E) and per-intent confusion. Figures, not
// assertions; never tune anything against these files.
//
//   node --import tsx saytrix-heldout/score.ts [--set a|b|c|d|e]     (default b)
import type { SaytrixReply } from '@nivesh/shared';
import { statesFigure, readFigure } from './figures.js';
import { loadSet, type Label, type SetName } from './labels.js';
import {
  allSlotsRight,
  intentRight,
  pct,
  report,
  reportConfusion,
  reportFigures,
  reportMisses,
  type Outcome,
} from './report.js';
import { openBench } from './setup.js';

function setFromArgs(argv: string[]): SetName {
  const i = argv.indexOf('--set');
  const value = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--set='))?.slice(6);
  if (value === undefined) return 'b';
  if (value === 'a' || value === 'b' || value === 'c' || value === 'd' || value === 'e') return value;
  throw new Error(`--set must be a, b, c, d or e, not ${value}`);
}

const set = setFromArgs(process.argv.slice(2));
const lines = loadSet(set);
console.log(`Saytrix held-out score, set ${set.toUpperCase()}\nSetting up the user:`);
const { app, authorization, chatUrl, close } = await openBench();

try {
  let chats = 0;
  const latencies: number[] = [];
  const ask = async (message: string, sessionId: string): Promise<SaytrixReply | undefined> => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: chatUrl,
        headers: { authorization },
        payload: { message, sessionId, mode: 'casual', source: 'text' },
      });
      latencies.push(performance.now() - t0);
      chats += 1;
      if (res.statusCode === 429) {
        const wait = Number(res.headers['retry-after'] ?? 1);
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 60) * 1000));
        continue;
      }
      if (res.statusCode !== 200) {
        console.log(`  ! ${res.statusCode} for a line: ${res.body.slice(0, 160)}`);
        return undefined;
      }
      return (res.json() as { data: SaytrixReply }).data;
    }
    return undefined;
  };

  /** One line: the figure (if any) is read right before and right after the chat call. */
  const run = async (id: string, label: Label, sessionId: string): Promise<Outcome> => {
    const symbol = typeof label.slots.symbol === 'string' ? label.slots.symbol : undefined;
    const figure = set === 'a' ? undefined : label.figure;
    const before = figure ? await readFigure(app, authorization, figure, symbol) : undefined;
    const reply = await ask(label.text, sessionId);
    if (!figure) return { id, label, reply };
    const after = await readFigure(app, authorization, figure, symbol);
    const values = [before, after].filter((v): v is number => v !== undefined);
    const figureExact = reply !== undefined && values.some((v) => statesFigure(reply, figure, v));
    return { id, label, reply, figureExact };
  };

  const singles: Outcome[] = [];
  const turns: Outcome[] = [];
  const conversations: { id: string; allRight: boolean }[] = [];
  for (const line of lines) {
    const sessionId = `heldout-${set}-${line.id}-${process.pid}`;
    if ('turns' in line) {
      let allRight = true;
      for (const [i, label] of line.turns.entries()) {
        const o = await run(`${line.id}.${i + 1}`, label, sessionId);
        turns.push(o);
        if (!intentRight(set, o) || !allSlotsRight(set, o)) allRight = false;
      }
      conversations.push({ id: line.id, allRight });
    } else singles.push(await run(line.id, line, sessionId));
  }

  report(set, 'Single utterances', singles);
  report(set, 'Conversation turns', turns);
  const convRight = conversations.filter((c) => c.allRight).length;
  console.log(
    `  conversations with every turn right (intent + slots): ${convRight}/${conversations.length} = ${pct(convRight, conversations.length)}`,
  );
  const followUps = turns.filter((o) => !o.id.endsWith('.1'));
  const followRight = followUps.filter((o) => intentRight(set, o) && allSlotsRight(set, o)).length;
  console.log(
    `  follow-up turns right: ${followRight}/${followUps.length} = ${pct(followRight, followUps.length)}`,
  );

  const all = [...singles, ...turns];
  if (set !== 'a') reportFigures(all);
  reportConfusion(set, all);
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  console.log(
    `\n${chats} chat calls in-process: p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms (app.inject; the latency bench is saytrix-latency.ts)`,
  );
  reportMisses(set, all);
} finally {
  await close();
}
