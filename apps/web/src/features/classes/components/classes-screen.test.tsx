import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClassDetail, ClassLeaderboard } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { portfoliosStub, mainPortfolio } from '../../../test/portfolio-fixtures';
import { shellStubs } from '../../market/test/market-fixtures';

const CLASS_ID = '7d0c4a4e-5b5e-4b8e-9d5f-00000000c1a5';
const STUDENT_ID = '7d0c4a4e-5b5e-4b8e-9d5f-00000000a001';

const detail = (over: Partial<ClassDetail> = {}): ClassDetail => ({
  id: CLASS_ID,
  name: 'Markets 101',
  role: 'teacher',
  teacherName: 'Meera Iyer',
  startingCash: 100000,
  startDate: '2026-11-28',
  endDate: '2026-12-25',
  rules: { maxPositionPercent: 20, requireTradeNote: true },
  inviteCode: 'AKT8XBC7',
  activeStudents: 1,
  membership: null,
  createdAt: '2026-11-27T20:00:00.000Z',
  members: [
    {
      userId: STUDENT_ID,
      fullName: 'Arjun Das',
      status: 'active',
      joinedAt: '2026-11-27T20:10:00.000Z',
      portfolioId: '7d0c4a4e-5b5e-4b8e-9d5f-00000000b001',
    },
  ],
  ...over,
});

const board: ClassLeaderboard = {
  refreshedAt: '2026-11-27T21:00:00.000Z',
  rows: [
    {
      rank: 1,
      userId: STUDENT_ID,
      fullName: 'Arjun Das',
      twrPercent: 1.25,
      maxDrawdownPercent: 0.5,
      riskAdjustedScore: 1.25,
      trades: 3,
      notes: 3,
      assignmentsDone: 1,
      you: false,
    },
  ],
};

const base = {
  ...shellStubs,
  ...portfoliosStub([mainPortfolio]),
  [`GET /api/classes/${CLASS_ID}/leaderboard`]: () => ({ body: { success: true, data: board } }),
};

describe('/classes', () => {
  it('the teacher sees the code, the rules, the roster and the standings; removing asks first', async () => {
    signedInAs();
    const calls = stubFetch({
      ...base,
      [`GET /api/classes/${CLASS_ID}`]: () => ({ body: { success: true, data: detail() } }),
      [`DELETE /api/classes/${CLASS_ID}/members/${STUDENT_ID}`]: () => ({
        body: { success: true, message: 'Arjun Das was removed; their class portfolio is kept read-only' },
      }),
    });
    renderApp(`/classes/${CLASS_ID}`);
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('AKT8XBC7');
    expect(screen.getByText('Positions are capped at 20% of your class portfolio')).toBeInTheDocument();
    expect(screen.getByText('Every order needs a trade note')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Class standings' });
    expect(within(table).getByText('+1.25%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Report \(CSV\)/ })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Arjun Das' }));
    await waitFor(() => expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(true));
  });

  it('a removed student sees why, and no standings', async () => {
    signedInAs();
    stubFetch({
      ...base,
      [`GET /api/classes/${CLASS_ID}`]: () => ({
        body: {
          success: true,
          data: detail({
            role: 'student',
            inviteCode: null,
            members: [],
            membership: { status: 'removed', portfolioId: 'p', joinedAt: '2026-11-27T20:10:00.000Z' },
          }),
        },
      }),
    });
    renderApp(`/classes/${CLASS_ID}`);
    expect(await screen.findByText(/Your teacher removed you from this class/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Class standings' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('invite-code')).not.toBeInTheDocument();
  });

  it('joining by code sends it and opens the class; a bad code shows the server’s reason', async () => {
    signedInAs();
    let ok = false;
    const calls = stubFetch({
      ...base,
      'GET /api/classes': () => ({ body: { success: true, data: [] } }),
      'POST /api/classes/join': () =>
        ok
          ? { status: 201, body: { success: true, message: 'You joined', data: detail({ role: 'student' }) } }
          : {
              status: 404,
              body: { success: false, code: 'NOT_FOUND', message: 'No class has that invite code' },
            },
      [`GET /api/classes/${CLASS_ID}`]: () => ({
        body: { success: true, data: detail({ role: 'student' }) },
      }),
    });
    renderApp('/classes');
    const input = await screen.findByLabelText('Invite code from your teacher');
    fireEvent.change(input, { target: { value: 'zzzzzzzz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('No class has that invite code')).toBeInTheDocument();
    ok = true;
    fireEvent.change(input, { target: { value: 'akt8xbc7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('heading', { name: 'Markets 101' })).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/classes/join').map((c) => c.body)).toEqual([
      { inviteCode: 'ZZZZZZZZ' },
      { inviteCode: 'AKT8XBC7' },
    ]);
  });
});
