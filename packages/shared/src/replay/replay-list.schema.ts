import { z } from 'zod';
import { replaySchema } from './replay.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/** GET /api/replays: the caller's replays, newest first. */
export const replayListResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: z.array(replaySchema) }),
);
