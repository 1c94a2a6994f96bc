// Child process for the fan-out benchmark's baseline: a bare `ws` server that sends the same
// JSON to each client (one per "user") and to all (broadcast), with no auth, rooms or framing.
import { WebSocketServer, type WebSocket } from 'ws';
import { benchNotification, heapSettle } from './fanout-payload.js';

const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
const clients: WebSocket[] = [];
wss.on('connection', (socket) => clients.push(socket));

const message = (seq: number) => JSON.stringify({ event: 'notification', payload: benchNotification(seq) });

process.on('message', async (msg: { cmd: string; rounds?: number; gc?: boolean }) => {
  if (msg.cmd === 'stats') {
    if (msg.gc) heapSettle();
    process.send!({
      cmd: 'stats',
      heapUsed: process.memoryUsage().heapUsed,
      rss: process.memoryUsage().rss,
      cpu: process.cpuUsage(),
    });
  } else if (msg.cmd === 'per-user') {
    for (let r = 0; r < (msg.rounds ?? 1); r++) {
      // Serialised per recipient, as a per-user event carries per-user data.
      for (const c of clients) c.send(message(r));
      await new Promise((res) => setImmediate(res));
    }
    process.send!({ cmd: 'sent' });
  } else if (msg.cmd === 'broadcast') {
    for (let r = 0; r < (msg.rounds ?? 1); r++) {
      const data = message(r);
      for (const c of clients) c.send(data);
      await new Promise((res) => setImmediate(res));
    }
    process.send!({ cmd: 'sent' });
  } else if (msg.cmd === 'stop') {
    wss.close();
    process.exit(0);
  }
});
wss.on('listening', () => {
  const { port } = wss.address() as { port: number };
  process.send!({ cmd: 'ready', address: `ws://127.0.0.1:${port}` });
});
