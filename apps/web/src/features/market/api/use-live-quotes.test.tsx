import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { QuoteSubscription } from '@nivesh/shared';
import { AppProviders } from '../../../app/providers';
import { fakeSocketServer, push } from '../../../test/fake-socket';
import { signedInAs, stubFetch } from '../../../test/render';
import { verifyStub } from '../test/market-fixtures';
import { QuoteEmitterProvider, useLiveQuotes, useQuotePolling, type QuoteEmitter } from './use-live-quotes';

function Price({ symbol }: { symbol: string }) {
  const live = useLiveQuotes([symbol]);
  const polling = useQuotePolling();
  return (
    <p data-testid={`p-${symbol}`}>
      {live[symbol]?.price ?? 'none'} {polling ? 'polling' : 'socket'}
    </p>
  );
}

function setup(children: ReactNode) {
  signedInAs();
  stubFetch(verifyStub);
  const sent: Array<[string, QuoteSubscription]> = [];
  const emitter: QuoteEmitter = { emit: (event, payload) => void sent.push([event, payload]) };
  const realtime = fakeSocketServer();
  const ui = (content: ReactNode) => (
    <AppProviders socketFactory={realtime.factory}>
      <QuoteEmitterProvider emitter={emitter}>{content}</QuoteEmitterProvider>
    </AppProviders>
  );
  const utils = render(ui(children));
  return { sent, realtime, rerender: (c: ReactNode) => utils.rerender(ui(c)) };
}

const tick = (symbol: string, price: number) => ({
  symbol,
  price,
  change: 1,
  changePercent: 0.1,
  volume: 10,
  lastUpdated: '2026-11-21T10:00:00.000Z',
  lowerCircuit: null,
  upperCircuit: null,
  circuitLock: null,
  candle: { time: 1_700_000_000, open: price, high: price, low: price, close: price, volume: 10 },
});

describe('useLiveQuotes', () => {
  it('subscribes once per symbol, shows ticks, resubscribes after a reconnect and unsubscribes with the last user', async () => {
    const { sent, realtime, rerender } = setup(
      <>
        <Price symbol="RELIANCE" />
        <Price symbol="RELIANCE" />
      </>,
    );
    expect(sent.filter(([e]) => e === 'quotes:subscribe')).toEqual([
      ['quotes:subscribe', { symbols: ['RELIANCE'] }],
    ]);
    expect(screen.getAllByText('none polling')).toHaveLength(2);

    // The socket opens once the session is verified.
    await waitFor(() => expect(realtime.sockets).toHaveLength(1));
    await realtime.accept();
    expect(screen.getAllByText('none socket')).toHaveLength(2);
    await push(() => realtime.latest.emit('quote', tick('RELIANCE', 1414.5)));
    expect(screen.getAllByText('1414.5 socket')).toHaveLength(2);
    // Ticks for symbols nobody here watches are ignored.
    await push(() => realtime.latest.emit('quote', tick('TCS', 3000)));
    expect(screen.queryByText(/3000/)).not.toBeInTheDocument();

    sent.length = 0;
    await push(() => realtime.latest.drop());
    await realtime.accept();
    expect(sent).toEqual([['quotes:subscribe', { symbols: ['RELIANCE'] }]]);

    sent.length = 0;
    rerender(<Price symbol="RELIANCE" />);
    expect(sent).toEqual([]);
    rerender(<p>gone</p>);
    expect(sent).toEqual([['quotes:unsubscribe', { symbols: ['RELIANCE'] }]]);
  });
});
