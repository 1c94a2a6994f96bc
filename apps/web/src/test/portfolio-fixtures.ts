import type { Portfolio, PortfolioSeason } from '@nivesh/shared';

export const MAIN_ID = '0b9c5f7e-1a2b-4c3d-8e9f-000000000001';
export const SWING_ID = '0b9c5f7e-1a2b-4c3d-8e9f-000000000002';

export function makePortfolio(overrides: Partial<Portfolio> = {}): Portfolio {
  return {
    id: MAIN_ID,
    name: 'Main',
    kind: 'main',
    season: 1,
    startingCash: 10_000,
    createdAt: '2026-01-05T04:00:00.000Z',
    ...overrides,
  };
}

export const mainPortfolio = makePortfolio();
export const swingPortfolio = makePortfolio({
  id: SWING_ID,
  name: 'Swing ideas',
  kind: 'custom',
  startingCash: 25_000,
});

/** GET /api/portfolios as the server lists them; main is deliberately not first, the app sorts. */
export const portfoliosStub = (list: Portfolio[] = [swingPortfolio, mainPortfolio]) => ({
  'GET /api/portfolios': () => ({ body: { success: true, data: list } }),
});

export function makeSeason(overrides: Partial<PortfolioSeason> = {}): PortfolioSeason {
  return {
    season: 1,
    startedAt: '2026-01-05T04:00:00.000Z',
    endedAt: null,
    startingCash: 10_000,
    final: null,
    ...overrides,
  };
}
