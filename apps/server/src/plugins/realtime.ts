import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Realtime, SessionCheck } from '../realtime/realtime.js';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * Puts the realtime layer on the HTTP server: sockets sign in with a session token, sessions that
 * end (revoked or expired) are swept off their sockets, and the sockets close before the server
 * does. The Realtime itself is built first, because the services publish through it; register
 * this after anything whose shutdown still publishes, so those stop before the sockets close.
 */
export const realtimePlugin = fp(
  async (
    app: FastifyInstance,
    options: { realtime: Realtime; sessions: SessionCheck; sessionSweepMs: number },
  ) => {
    const { realtime, sessions } = options;
    realtime.authenticateWith(sessions);
    realtime.startSessionSweep(sessions, options.sessionSweepMs);
    realtime.attach(app.server);
    app.decorate('realtime', realtime);
    // Open sockets would keep the HTTP server from closing, so they go in preClose.
    app.addHook('preClose', async () => {
      await realtime.close();
    });
  },
  { name: 'nivesh-realtime' },
);
