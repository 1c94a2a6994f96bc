/**
 * Trains Saytrix's intent + domain classifier from the corpus (nlu/corpus*.ts) and writes the
 * committed model (data/saytrix/model.json) and the corpus it came from (data/saytrix/corpus.jsonl).
 * Deterministic: the same corpus and code give the same file. Usage: npm run saytrix:train -w @nivesh/server
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MODEL_PATH } from '../src/modules/saytrix/nlu/classifier.js';
import { train } from '../src/modules/saytrix/nlu/train.js';
import { StockFinder } from '../src/modules/saytrix/saytrix.stocks.js';
import { bundledInstruments } from '../src/modules/saytrix/saytrix.fixtures.test-support.js';

const { model, corpus } = train(new StockFinder(bundledInstruments()));
mkdirSync(path.dirname(MODEL_PATH), { recursive: true });
writeFileSync(MODEL_PATH, `${JSON.stringify(model)}\n`);
writeFileSync(
  path.join(path.dirname(MODEL_PATH), 'corpus.jsonl'),
  corpus.map((u) => JSON.stringify(u)).join('\n') + '\n',
);
console.log(
  `trained on ${corpus.filter((u) => u.split === 'train').length} of ${corpus.length} utterances; threshold ${model.threshold}; hash ${model.corpusHash}`,
);
