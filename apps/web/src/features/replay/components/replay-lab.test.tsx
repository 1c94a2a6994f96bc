import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { drill, ID, market, replay, verify } from './replay-test-fixtures';

describe('Replay Lab', () => {
  it('starts a drill on its replay day and opens the replay', async () => {
    signedInAs();
    const calls = stubFetch({
      ...verify,
      'GET /api/replays/drills': () => ({ body: { success: true, data: [drill] } }),
      'GET /api/replays': () => ({ body: { success: true, data: [] } }),
      'POST /api/replays': () => ({ status: 201, body: { success: true, data: replay() } }),
      [`GET /api/replays/${ID}`]: () => ({ body: { success: true, data: replay() } }),
      ...market('2020-03-13T03:45'),
    });
    const { router } = renderApp('/replay');
    expect(
      await screen.findByText('No replays yet. Start one from a drill or pick a day above.'),
    ).toBeVisible();
    fireEvent.click(
      within(await screen.findByTestId('drill-covid-crash')).getByRole('button', { name: 'Replay this day' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/replay/${ID}`));
    expect(calls.find((c) => c.key === 'POST /api/replays')?.body).toEqual({
      date: '2020-03-13',
      days: 1,
      blind: false,
      speed: 60,
    });
    expect(await screen.findByTestId('replay-clock')).toHaveTextContent('Mar 13, 2020 09:15 IST');
  });

  it('lists a finished replay with its return', async () => {
    signedInAs();
    const finished = replay({
      status: 'finished',
      finishedAt: '2026-11-27T11:00:00.000Z',
      score: {
        returnPercent: -1.56,
        buyAndHoldPercent: -6.23,
        niftyPercent: -2.42,
        chargesPaid: 27.2,
        maxDrawdownPercent: 1.9,
        startingCash: 10000,
        finalValue: 9844.25,
        trades: [],
      },
    });
    stubFetch({
      ...verify,
      'GET /api/replays/drills': () => ({ body: { success: true, data: [] } }),
      'GET /api/replays': () => ({ body: { success: true, data: [finished] } }),
    });
    renderApp('/replay');
    expect(await screen.findByText('return −1.56%')).toBeVisible();
  });

  it('refuses a form without a day, and shows the server’s reason for a day it cannot replay', async () => {
    signedInAs();
    stubFetch({
      ...verify,
      'GET /api/replays/drills': () => ({ body: { success: true, data: [] } }),
      'GET /api/replays': () => ({ body: { success: true, data: [] } }),
      'POST /api/replays': () => ({
        status: 400,
        body: {
          success: false,
          message: '2020-03-14 is a Saturday: the bundled history has no session that day',
          code: 'VALIDATION_ERROR',
        },
      }),
    });
    renderApp('/replay');
    fireEvent.click(await screen.findByRole('button', { name: 'Start replay' }));
    expect(await screen.findByText('Date must be a day in the form YYYY-MM-DD')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Trading day'), { target: { value: '2020-03-14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start replay' }));
    expect(
      await screen.findByText('2020-03-14 is a Saturday: the bundled history has no session that day'),
    ).toBeVisible();
  });
});
