import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ClassDetail, ClassStudent, Habits } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { portfoliosStub, mainPortfolio } from '../../../test/portfolio-fixtures';
import { shellStubs } from '../../market/test/market-fixtures';

const CLASS_ID = '7d0c4a4e-5b5e-4b8e-9d5f-00000000c1a5';
const STUDENT_ID = '7d0c4a4e-5b5e-4b8e-9d5f-00000000a001';
const yardstick = { text: 'A published figure.', source: 'A source' };
const needs = (needed: number, have: number, unit: string) => ({
  yardstick,
  result: { status: 'insufficient' as const, needed, have, unit },
});

const habits: Habits = {
  disposition: needs(5, 0, 'sells'),
  costs: needs(1, 0, 'sells'),
  holding: needs(2, 0, 'sells (one winning, one losing)'),
  drawdown: needs(5, 2, 'days of account value'),
  activity: needs(5, 2, 'trades'),
  ifHeld: needs(1, 0, 'sells'),
};

const member = {
  userId: STUDENT_ID,
  fullName: 'Arjun Das',
  status: 'active' as const,
  joinedAt: '2026-11-27T20:10:00.000Z',
  portfolioId: '7d0c4a4e-5b5e-4b8e-9d5f-00000000b001',
};

const holding = {
  symbol: 'ITC',
  product: 'CNC' as const,
  name: 'ITC Ltd',
  sector: 'FMCG',
  quantity: 10,
  reservedQuantity: 0,
  sellableQuantity: 10,
  avgPrice: 410,
  averagePrice: 410,
  currentPrice: 415,
  totalInvested: 4100,
  currentValue: 4150,
  value: 4150,
  totalValue: 4150,
  pnl: 50,
  pnlPercentage: 1.22,
  gainLoss: 50,
  gainLossPercentage: 1.22,
  realizedPnL: 0,
  dayChange: 5,
  dayChangePercent: 1.22,
  lastUpdated: '2026-11-27T21:00:00.000Z',
};

const trade = (over: Partial<ClassStudent['trades'][number]>) => ({
  id: 'f1',
  orderId: 'o1',
  ticker: 'ITC',
  type: 'BUY' as const,
  quantity: 10,
  price: 410,
  fees: 4.1,
  realizedPnl: null,
  executedAt: '2026-11-27T05:00:00.000Z',
  note: null,
  review: null,
  ...over,
});

const view = (status: 'active' | 'removed' = 'active'): ClassStudent => ({
  student: { ...member, status },
  startingCash: 100000,
  habits,
  holdings: [holding],
  trades: [trade({ id: 'f2', ticker: 'INFY', quantity: 2 }), trade({ note: 'Cheap after results' })],
  ruleRefusals: 1,
  rubric: [
    {
      key: 'notes',
      label: 'Trades with a reason written',
      figure: '1 of 2 trades (50%)',
      level: 'developing',
      basis: '80% or more of trades with a journal note is strong; 40% or more developing',
    },
    {
      key: 'diversification',
      label: 'Diversification',
      figure: '1 sector across 1 stock',
      level: 'weak',
      basis: '5 or more sectors held is strong; 3–4 developing; fewer needs work',
    },
  ],
});

const cls: ClassDetail = {
  id: CLASS_ID,
  name: 'Markets 101',
  role: 'teacher',
  teacherName: 'Meera Iyer',
  startingCash: 100000,
  startDate: '2026-11-28',
  endDate: '2026-12-25',
  rules: { maxPositionPercent: 20 },
  inviteCode: 'AKT8XBC7',
  activeStudents: 1,
  membership: null,
  createdAt: '2026-11-27T20:00:00.000Z',
  members: [member],
};

function stubs(status: 'active' | 'removed') {
  return {
    ...shellStubs,
    ...portfoliosStub([mainPortfolio]),
    [`GET /api/classes/${CLASS_ID}`]: () => ({ body: { success: true, data: cls } }),
    [`GET /api/classes/${CLASS_ID}/students/${STUDENT_ID}`]: () => ({
      body: { success: true, data: view(status) },
    }),
  };
}

describe('/classes/:id/students/:userId', () => {
  it('the teacher sees the rubric, the habits, the holdings and each trade with its note', async () => {
    signedInAs();
    stubFetch(stubs('active'));
    renderApp(`/classes/${CLASS_ID}/students/${STUDENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Arjun Das' })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 trades (50%)')).toBeInTheDocument();
    expect(screen.getByTestId('rubric-notes')).toHaveTextContent('Developing');
    expect(screen.getByTestId('rubric-diversification')).toHaveTextContent('Needs work');
    expect(screen.getByText('Needs 5 trades; has 2')).toBeInTheDocument();
    const holdings = screen.getByRole('table', { name: 'Holdings' });
    expect(within(holdings).getByText('FMCG')).toBeInTheDocument();
    const trades = screen.getByRole('table', { name: 'Trades with notes' });
    const rows = within(trades).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Buy 2 INFY.*No note/),
      expect.stringMatching(/Buy 10 ITC.*Cheap after results/),
    ]);
    // Wide tables scroll inside their card on a phone.
    expect(trades.closest('[data-testid="scroll-region"]')).not.toBeNull();
    expect(screen.queryByText(/archived read-only/)).not.toBeInTheDocument();
  });

  it('a removed student’s page reads as archived', async () => {
    signedInAs();
    stubFetch(stubs('removed'));
    renderApp(`/classes/${CLASS_ID}/students/${STUDENT_ID}`);
    expect(await screen.findByText(/archived read-only/)).toBeInTheDocument();
    expect(screen.getByText('archived')).toBeInTheDocument();
  });

  it('a classmate sees holdings only, when the class shows them', async () => {
    signedInAs();
    const calls = stubFetch({
      ...stubs('active'),
      [`GET /api/classes/${CLASS_ID}`]: () => ({
        body: {
          success: true,
          data: {
            ...cls,
            role: 'student',
            inviteCode: null,
            members: [],
            membership: { status: 'active', portfolioId: 'p2', joinedAt: '2026-11-27T20:10:00.000Z' },
            rules: { showHoldingsToClassmates: true },
          },
        },
      }),
      [`GET /api/classes/${CLASS_ID}/students/${STUDENT_ID}/holdings`]: () => ({
        body: {
          success: true,
          data: {
            student: { userId: STUDENT_ID, fullName: 'Arjun Das', status: 'active' },
            holdings: [holding],
          },
        },
      }),
    });
    renderApp(`/classes/${CLASS_ID}/students/${STUDENT_ID}`);
    const table = await screen.findByRole('table', { name: 'Holdings' });
    expect(within(table).getByText('ITC')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Trades with notes' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === `GET /api/classes/${CLASS_ID}/students/${STUDENT_ID}`)).toBe(false);
  });

  it('a refusal shows the server’s reason', async () => {
    signedInAs();
    stubFetch({
      ...stubs('active'),
      [`GET /api/classes/${CLASS_ID}/students/${STUDENT_ID}`]: () => ({
        status: 403,
        body: {
          success: false,
          code: 'FORBIDDEN',
          message: "Only the class's teacher can see a classmate's habits, trades and notes",
        },
      }),
    });
    renderApp(`/classes/${CLASS_ID}/students/${STUDENT_ID}`);
    expect(
      await screen.findByText("Only the class's teacher can see a classmate's habits, trades and notes"),
    ).toBeInTheDocument();
  });
});
