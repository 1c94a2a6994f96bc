import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClassAssignment, ClassDetail } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { portfoliosStub, mainPortfolio } from '../../../test/portfolio-fixtures';
import { shellStubs } from '../../market/test/market-fixtures';

const CLASS_ID = '7d0c4a4e-5b5e-4b8e-9d5f-00000000c1a6';
const STUDENT_ID = '7d0c4a4e-5b5e-4b8e-9d5f-00000000a002';

const cls = (role: 'teacher' | 'student'): ClassDetail => ({
  id: CLASS_ID,
  name: 'Markets 101',
  role,
  teacherName: 'Meera Iyer',
  startingCash: 100000,
  startDate: '2026-11-28',
  endDate: '2026-12-25',
  rules: { weeklyDeposit: 5000 },
  inviteCode: role === 'teacher' ? 'AKT8XBC7' : null,
  activeStudents: 1,
  membership:
    role === 'student'
      ? {
          status: 'active',
          portfolioId: '7d0c4a4e-5b5e-4b8e-9d5f-00000000b002',
          joinedAt: '2026-11-27T20:10:00.000Z',
        }
      : null,
  createdAt: '2026-11-27T20:00:00.000Z',
  members: [],
});

const assignment = (over: Partial<ClassAssignment>): ClassAssignment => ({
  id: '7d0c4a4e-5b5e-4b8e-9d5f-0000000000e1',
  kind: 'limit_orders',
  count: 3,
  title: 'Place 3 limit orders',
  unit: 'limit orders',
  createdAt: '2026-11-27T20:30:00.000Z',
  progress: null,
  students: [],
  ...over,
});

const base = {
  ...shellStubs,
  ...portfoliosStub([mainPortfolio]),
  [`GET /api/classes/${CLASS_ID}/leaderboard`]: () => ({
    body: { success: true, data: { refreshedAt: null, rows: [] } },
  }),
};

describe('class assignments', () => {
  it('a student sees each assignment with its tick and progress, and the weekly deposit among the rules', async () => {
    signedInAs();
    stubFetch({
      ...base,
      [`GET /api/classes/${CLASS_ID}`]: () => ({ body: { success: true, data: cls('student') } }),
      [`GET /api/classes/${CLASS_ID}/assignments`]: () => ({
        body: {
          success: true,
          data: [
            assignment({ progress: { current: 2, target: 3, done: false, doneAt: null } }),
            assignment({
              id: '7d0c4a4e-5b5e-4b8e-9d5f-0000000000e2',
              kind: 'gtt_stop_target',
              count: 1,
              title: 'Set a GTT with a stop and a target',
              unit: 'stop-and-target GTT',
              progress: { current: 1, target: 1, done: true, doneAt: '2026-11-27T21:00:00.000Z' },
            }),
          ],
        },
      }),
    });
    renderApp(`/classes/${CLASS_ID}`);
    const list = await screen.findByRole('list', { name: 'Assignments' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Place 3 limit orders')).toBeInTheDocument();
    expect(within(items[0]!).getByText('2 of 3 limit orders')).toBeInTheDocument();
    expect(within(items[0]!).getByLabelText('Not done yet')).toBeInTheDocument();
    expect(within(items[1]!).getByLabelText('Done')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/1 of 1 stop-and-target GTT/)).toBeInTheDocument();
    expect(screen.getByText('₹5,000 of virtual cash is added every class week')).toBeInTheDocument();
    // Students cannot set assignments: no form.
    expect(screen.queryByRole('form', { name: 'New assignment' })).not.toBeInTheDocument();
  });

  it('the teacher sets an assignment and sees each student’s progress', async () => {
    signedInAs();
    const calls = stubFetch({
      ...base,
      [`GET /api/classes/${CLASS_ID}`]: () => ({ body: { success: true, data: cls('teacher') } }),
      [`GET /api/classes/${CLASS_ID}/assignments`]: () => ({
        body: {
          success: true,
          data: [
            assignment({
              students: [
                {
                  userId: STUDENT_ID,
                  fullName: 'Arjun Das',
                  current: 1,
                  target: 3,
                  done: false,
                  doneAt: null,
                },
              ],
            }),
          ],
        },
      }),
      [`POST /api/classes/${CLASS_ID}/assignments`]: () => ({
        status: 201,
        body: {
          success: true,
          message: 'Assignment "Hold stocks from at least 4 sectors" set',
          data: assignment({ kind: 'sectors', count: 4, title: 'Hold stocks from at least 4 sectors' }),
        },
      }),
    });
    renderApp(`/classes/${CLASS_ID}`);
    const progress = await screen.findByRole('list', { name: 'Progress: Place 3 limit orders' });
    expect(within(progress).getByText('Arjun Das')).toBeInTheDocument();
    expect(within(progress).getByText('1 of 3')).toBeInTheDocument();
    expect(screen.getByText('0 of 1 student done')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Assignment'), { target: { value: 'sectors' } });
    fireEvent.change(screen.getByLabelText('N'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key.startsWith('POST')).map((c) => c.body)).toEqual([
        { kind: 'sectors', count: 4 },
      ]),
    );
  });
});
