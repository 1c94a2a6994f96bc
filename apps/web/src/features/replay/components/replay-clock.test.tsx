import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { ID, market, replay, verify } from './replay-test-fixtures';

describe('Replay Lab clock', () => {
  it('steps the clock, shows the breaker halt the server reports, and finishes only after confirming', async () => {
    signedInAs();
    let current = replay();
    const calls = stubFetch({
      ...verify,
      [`GET /api/replays/${ID}`]: () => ({ body: { success: true, data: current } }),
      [`POST /api/replays/${ID}/step`]: () => {
        current = replay({
          clock: '2020-03-13T03:55:00.000Z',
          marketHalt: {
            phase: 'halt',
            message: 'Trading is halted: the market-wide circuit breaker tripped at 09:20 IST.',
            reopensAt: '2020-03-13T04:50:00.000Z',
          },
        });
        return { body: { success: true, data: current } };
      },
      [`POST /api/replays/${ID}/finish`]: () => {
        current = { ...current, status: 'finished', finishedAt: '2026-11-27T10:05:00.000Z' };
        return { body: { success: true, data: current } };
      },
      ...market('2020-03-13T03:45'),
    });
    renderApp(`/replay/${ID}`);
    expect(await screen.findByTestId('replay-clock')).toHaveTextContent('09:15 IST');
    // An index level is points, not rupees.
    const nifty = await screen.findByRole('button', { name: /NIFTY 50/ });
    expect(nifty).toHaveTextContent('9,107.60');
    expect(nifty).not.toHaveTextContent('₹');
    fireEvent.click(screen.getByRole('button', { name: '+10 min' }));
    await waitFor(() => expect(screen.getByTestId('replay-clock')).toHaveTextContent('09:25 IST'));
    expect(calls.find((c) => c.key === `POST /api/replays/${ID}/step`)?.body).toEqual({ minutes: 10 });
    expect(screen.getByRole('status')).toHaveTextContent('Market halted.');

    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish this replay?' });
    expect(dialog).toHaveTextContent(
      'Finish closes every open position at the last price and reveals the dates',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep going' }));
    expect(calls.some((c) => c.key === `POST /api/replays/${ID}/finish`)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Finish this replay?' })).getByRole('button', {
        name: 'Finish replay',
      }),
    );
    expect(await screen.findByText('This replay covered Mar 13, 2020.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Play at/ })).toBeNull();
  });

  it('a blind replay shows no date, only the weekday and time, and jumps by time of day', async () => {
    signedInAs();
    const blind = replay({
      blind: true,
      dates: null,
      calendar: 'stand-in',
      clock: '2001-01-02T03:45:00.000Z',
    });
    const calls = stubFetch({
      ...verify,
      [`GET /api/replays/${ID}`]: () => ({ body: { success: true, data: blind } }),
      [`POST /api/replays/${ID}/seek`]: () => ({ body: { success: true, data: blind } }),
      ...market('2001-01-02T03:45'),
    });
    renderApp(`/replay/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Blind replay · 1 day' })).toBeVisible();
    expect(screen.getByTestId('replay-clock')).toHaveTextContent('Tuesday, 09:15 IST');
    expect(document.body.textContent).not.toMatch(/2001/);
    fireEvent.change(screen.getByLabelText('Jump forward to (IST, this session)'), {
      target: { value: '11:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Jump' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST /api/replays/${ID}/seek`)?.body).toEqual({
        time: '2001-01-02T11:30:00+05:30',
      }),
    );
  });
});
