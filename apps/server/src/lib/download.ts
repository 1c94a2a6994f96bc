import type { FastifyReply } from 'fastify';

/** Sends a file to save (a CSV or PDF export): never cached, since it holds the user's own records. */
export const download = (reply: FastifyReply, type: string, filename: string, body: string | Buffer) =>
  reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
