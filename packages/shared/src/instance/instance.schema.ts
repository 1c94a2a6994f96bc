import { z } from 'zod';
import { lazySchema } from '../lib/lazy-schema.js';

/** What the operator of this instance has set for everyone (issue 26: a compliant public instance). */
export const instanceSettingsSchema = lazySchema(() =>
  z.object({
    /** PUBLIC_LEADERBOARD: whether the global leaderboard is listed; class standings do not depend on it. */
    publicLeaderboard: z.boolean(),
    /** VIRTUAL_CASH_LABEL: the words the UI uses for the virtual money, e.g. "virtual cash". */
    virtualCashLabel: z.string().min(1).max(40),
    /** AGENT_MCP_ENABLED: the agent sandbox (/mcp, agent tokens, the /agent screen); off unless set. */
    agentSandbox: z.boolean(),
  }),
);
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;

export const instanceResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: instanceSettingsSchema }),
);
export type InstanceResponse = z.infer<typeof instanceResponseSchema>;

/** The refusal the leaderboard routes answer with when PUBLIC_LEADERBOARD is off. */
export const LEADERBOARD_OFF_MESSAGE =
  'The public leaderboard is off on this instance. Class standings are on each class page.';
