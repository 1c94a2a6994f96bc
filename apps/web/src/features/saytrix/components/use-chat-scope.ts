import { useLocation } from 'react-router';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { useScreenReplay } from '../api/saytrix-api';

/** The ids a question carries: the replay on screen (and its portfolio), else the active portfolio. */
function chatScope(
  replayId: string | undefined,
  replayPortfolioId: string | undefined,
  activePortfolioId: string | undefined,
): { replayId?: string; portfolioId?: string } {
  if (replayId) return { replayId, ...(replayPortfolioId ? { portfolioId: replayPortfolioId } : {}) };
  return activePortfolioId ? { portfolioId: activePortfolioId } : {};
}

/** What Saytrix answers about, as ids for the question and as a sentence for the user. */
export function useChatScope() {
  // Saytrix answers about the active portfolio (issue 25), and on a replay's screen about the replay:
  // its market at the replay clock and its own portfolio.
  const active = useActivePortfolio();
  const replayId = /^\/replay\/([^/]+)/.exec(useLocation().pathname)?.[1];
  const replay = useScreenReplay(replayId);
  const scope = chatScope(replayId, replay.data?.portfolioId ?? undefined, active.portfolioId);
  const scopeNote = replayId
    ? `Saytrix answers about this replay: its market at the replay clock and its own portfolio${replay.data?.blind && replay.data.status !== 'finished' ? ', by stand-in names only' : ''}.`
    : active.portfolioId
      ? `Saytrix answers about ${active.portfolio?.name ?? 'the active portfolio'}.`
      : null;
  return { scope, scopeNote };
}
