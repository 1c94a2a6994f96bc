// One Nivesh instance for the scale bench: the real app (the same buildApp and environment as
// server.ts) whose market clock is the wall clock plus an offset the bench writes to
// SCALE_CLOCK_FILE, so that three processes share one market time and the bench can bring the 09:15
// open and the 15:20 square-off to now. Nothing else differs from `npm start`.
import { readFileSync } from 'node:fs';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config/env.js';

const clockFile = process.env.SCALE_CLOCK_FILE;
if (!clockFile) throw new Error('SCALE_CLOCK_FILE is required');
const readOffset = () => Number(readFileSync(clockFile, 'utf8').trim()) || 0;
let offsetMs = readOffset();
// Re-read often: a jump must reach all three instances within one matcher beat.
setInterval(() => (offsetMs = readOffset()), 100).unref();

const config = loadConfig();
const app = await buildApp({ config, now: () => Date.now() + offsetMs });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });
