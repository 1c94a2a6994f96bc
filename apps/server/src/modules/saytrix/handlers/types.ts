import type { SaytrixReply } from '@nivesh/shared';
import type { Parsed, SaytrixContext } from '../saytrix.parsed.js';
import type { SaytrixTools } from '../saytrix.tools.js';

/** A handler's answer before the service fills the defaults (suggestions, confidence). */
export type Draft = Omit<SaytrixReply, 'suggestions' | 'confidence'> & {
  suggestions?: string[];
  confidence?: SaytrixReply['confidence'];
};

/** One turn as the handlers see it: the understanding, never the raw message. */
export interface Turn {
  userId: string;
  parsed: Parsed;
  expert: boolean;
  context: SaytrixContext;
}

/** What every handler may use: the tools (the app's own services) and the market clock. */
export interface HandlerDeps {
  tools: SaytrixTools;
  now: () => number;
}

export type Handler = (turn: Turn, deps: HandlerDeps) => Promise<Draft> | Draft;
