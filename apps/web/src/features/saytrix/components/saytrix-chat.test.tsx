import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SaytrixReply } from '@nivesh/shared';
import { renderApp, signedInAs, stubFetch } from '../../../test/render';
import { shellStubs } from '../../market/test/market-fixtures';
import { fakeSocketServer } from '../../../test/fake-socket';
import { AppProviders } from '../../../app/providers';
import { SaytrixPanel } from '../../../app/routes/saytrix-panel';
import { portfoliosStub, SWING_ID } from '../../../test/portfolio-fixtures';

const STREAM = 'POST /api/saytrix/chat/stream';
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The app's fetch stubs, with the chat stream answered by a stream the test writes to. */
function stubChat(extra: Parameters<typeof stubFetch>[0] = {}) {
  let push!: (text: string) => void;
  let end!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  const calls = stubFetch({
    ...shellStubs,
    ...extra,
    'GET /api/saytrix/sessions': () => ({ body: { success: true, data: { sessionId: 's', messages: [] } } }),
  });
  const stubbed = globalThis.fetch;
  const asked: unknown[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (`${init?.method} ${url}` === STREAM) {
      asked.push(JSON.parse(String(init?.body)));
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    if (url.startsWith('/api/saytrix/sessions/'))
      return new Response(JSON.stringify({ success: true, data: { sessionId: 's', messages: [] } }), {
        status: 200,
      });
    return stubbed(input, init);
  }) as typeof fetch;
  return { push, end, asked, calls };
}

const reply = (over: Partial<SaytrixReply>): SaytrixReply => ({
  response: 'First sentence. Second sentence.',
  intent: 'news',
  suggestions: [],
  confidence: 'high',
  ...over,
});

async function ask(text: string) {
  const input = await screen.findByRole('textbox', { name: 'Message Saytrix' });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

afterEach(() => vi.restoreAllMocks());

describe('Saytrix chat', () => {
  it('shows each sentence as it arrives, then the whole reply with its chips on done', async () => {
    signedInAs();
    const chat = stubChat();
    renderApp('/saytrix');
    await ask('what is new');
    chat.push(sse('sentence', { text: 'First sentence.' }));
    const streaming = await screen.findByTestId('saytrix-streaming-message');
    expect(streaming).toHaveTextContent('First sentence.');
    expect(streaming).not.toHaveTextContent('Second sentence.');
    chat.push(sse('sentence', { text: 'Second sentence.' }));
    expect(await within(streaming).findByText(/Second sentence\./)).toBeInTheDocument();
    // Not done yet: no finished answer, no chips.
    expect(screen.getAllByTestId('saytrix-assistant-message')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Market news' })).toBeNull();

    chat.push(sse('done', reply({ suggestions: ['Market news'] })));
    chat.end();
    expect(await screen.findByRole('button', { name: 'Market news' })).toBeInTheDocument();
    expect(screen.queryByTestId('saytrix-streaming-message')).toBeNull();
    const answers = screen.getAllByTestId('saytrix-assistant-message');
    expect(answers.at(-1)).toHaveTextContent('First sentence. Second sentence.');
    expect(chat.asked).toEqual([
      expect.objectContaining({ message: 'what is new', mode: 'casual', source: 'text' }),
    ]);
  });

  it('says the reply failed when the stream ends without done, and shows no partial answer as whole', async () => {
    signedInAs();
    const chat = stubChat();
    renderApp('/saytrix');
    await ask('what is new');
    chat.push(sse('sentence', { text: 'First sentence.' }));
    chat.end();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Server connection failed. Using offline mode with limited functionality.',
    );
    expect(screen.queryByTestId('saytrix-streaming-message')).toBeNull();
    expect(screen.queryByText('First sentence.')).toBeNull();
  });

  it('renders no image and no link to another host, from the reply or its headlines', async () => {
    signedInAs();
    const chat = stubChat();
    renderApp('/saytrix');
    await ask('news');
    chat.push(
      sse(
        'done',
        reply({
          response:
            'Look ![x](https://evil.example/a.png) and [Verify](https://evil.example) or [Orders](/orders) or [Proto](//evil.example/p).',
          headlines: [
            {
              title: '![t](https://evil.example/t.png) [Verify your Nivesh account](https://evil.example/v)',
              source: 'Feed **Wire**',
              url: 'https://evil.example/story',
              publishedAt: new Date().toISOString(),
              symbols: ['TCS'],
            },
          ],
        }),
      ),
    );
    chat.end();
    const headlines = await screen.findByTestId('saytrix-headlines');
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(log.querySelector('img')).toBeNull();
    const hrefs = [...log.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs.filter((h) => h && !h.startsWith('/'))).toEqual([]);
    expect(hrefs.some((h) => h?.includes('evil'))).toBe(false);
    // The same-origin link stays a link; the foreign ones read as plain words.
    expect(within(log).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(within(log).getByText('Verify')).not.toHaveAttribute('href');
    // Headlines are text as written (markdown not interpreted), with one link to /news.
    expect(headlines).toHaveTextContent(
      '![t](https://evil.example/t.png) [Verify your Nivesh account](https://evil.example/v)',
    );
    expect(headlines).toHaveTextContent('Feed **Wire** · Just now');
    expect(within(headlines).getAllByRole('link')).toHaveLength(1);
    expect(within(headlines).getByRole('link', { name: 'Open news' })).toHaveAttribute('href', '/news');
  });

  it('has the mode and mic toggles as pressed buttons', async () => {
    signedInAs();
    stubChat();
    renderApp('/saytrix');
    const mode = await screen.findByRole('group', { name: 'Answer mode' });
    expect(within(mode).getByRole('button', { name: 'Casual' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(mode).getByRole('button', { name: 'Expert' }));
    expect(within(mode).getByRole('button', { name: 'Expert' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(/Switched to/)).toHaveTextContent('Switched to Expert mode');
    const mic = screen.getByRole('button', { name: 'Mic On' });
    expect(mic).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(mic);
    expect(screen.getByRole('button', { name: 'Mic Off' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Ask by voice' })).toBeDisabled();
  });

  it('has the same toggles in the compact panel', async () => {
    signedInAs();
    stubChat();
    const realtime = fakeSocketServer();
    render(
      <AppProviders socketFactory={realtime.factory}>
        <MemoryRouter>
          <SaytrixPanel onClose={() => undefined} />
        </MemoryRouter>
      </AppProviders>,
    );
    const panel = await screen.findByTestId('saytrix-panel');
    expect(within(panel).getByRole('group', { name: 'Answer mode' })).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Mic On' }));
    expect(within(panel).getByRole('button', { name: 'Mic Off' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(panel).getByRole('button', { name: 'Close Saytrix' })).toBeInTheDocument();
  });

  it('on a replay’s screen the panel sends the replay and its portfolio, and says it answers about the replay', async () => {
    signedInAs();
    const replayId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    const portfolioId = '6f1d2c3b-4a5e-4f60-8a7b-000000000099';
    const chat = stubChat({
      [`GET /api/replays/${replayId}`]: () => ({
        body: {
          success: true,
          data: {
            id: replayId,
            status: 'paused',
            blind: true,
            speed: 1,
            days: 1,
            clock: '2001-01-03T04:15:00.000Z',
            dates: null,
            endsAt: '2001-01-03T10:00:00.000Z',
            calendar: 'stand-in',
            pricesNote: 'Adjusted prices.',
            marketHalt: null,
            portfolioId,
            score: null,
            createdAt: '2026-11-26T05:00:00.000Z',
            finishedAt: null,
          },
        },
      }),
    });
    const realtime = fakeSocketServer();
    render(
      <AppProviders socketFactory={realtime.factory}>
        <MemoryRouter initialEntries={[`/replay/${replayId}`]}>
          <SaytrixPanel onClose={() => undefined} />
        </MemoryRouter>
      </AppProviders>,
    );
    const panel = await screen.findByTestId('saytrix-panel');
    expect(
      await within(panel).findByText(
        'Saytrix answers about this replay: its market at the replay clock and its own portfolio, by stand-in names only.',
      ),
    ).toBeInTheDocument();
    expect(panel).not.toHaveTextContent("today's market and your Main portfolio");
    await ask('Top gainers');
    await vi.waitFor(() => expect(chat.asked).toHaveLength(1));
    expect(chat.asked[0]).toMatchObject({ message: 'Top gainers', replayId, portfolioId });
  });

  it('sends the active portfolio’s id and names it above the input', async () => {
    const user = signedInAs();
    localStorage.setItem(`activePortfolio:${user.id}`, SWING_ID);
    const chat = stubChat(portfoliosStub());
    renderApp('/saytrix');
    expect(await screen.findByText('Saytrix answers about Swing ideas.')).toBeInTheDocument();
    await ask('How much cash do I have?');
    await vi.waitFor(() => expect(chat.asked).toHaveLength(1));
    expect(chat.asked[0]).toMatchObject({ message: 'How much cash do I have?', portfolioId: SWING_ID });
    expect(chat.asked[0]).not.toHaveProperty('replayId');
  });

  it('on Main the question carries no ids and no scope note is shown', async () => {
    signedInAs();
    const chat = stubChat(portfoliosStub());
    renderApp('/saytrix');
    await ask('How much cash do I have?');
    await vi.waitFor(() => expect(chat.asked).toHaveLength(1));
    expect(chat.asked[0]).not.toHaveProperty('portfolioId');
    expect(chat.asked[0]).not.toHaveProperty('replayId');
    expect(screen.queryByTestId('saytrix-scope')).toBeNull();
  });

  it('sends the chosen mode with the question', async () => {
    signedInAs();
    const chat = stubChat();
    renderApp('/saytrix');
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Answer mode' })).getByRole('button', {
        name: 'Expert',
      }),
    );
    await ask('charges for 10 TCS');
    chat.push(sse('done', reply({})));
    chat.end();
    await screen.findByText('First sentence. Second sentence.');
    expect(chat.asked).toEqual([expect.objectContaining({ mode: 'expert' })]);
  });

  it('asks a clarifying question with its choices as chips that send the choice', async () => {
    signedInAs();
    const chat = stubChat();
    renderApp('/saytrix');
    await ask('tata');
    chat.push(
      sse(
        'done',
        reply({
          response: 'Which one did you mean?',
          intent: 'clarify',
          confidence: 'low',
          suggestions: ['Price of TATASTEEL', 'Price of TATAMOTORS'],
          context: 'Asked about: tata',
        }),
      ),
    );
    const chip = await screen.findByRole('button', { name: 'Price of TATASTEEL' });
    expect(screen.getByRole('button', { name: 'Price of TATAMOTORS' })).toBeInTheDocument();
    expect(screen.getByTestId('saytrix-context')).toHaveTextContent('Asked about: tata');
    fireEvent.click(chip);
    expect(await screen.findByText('Price of TATASTEEL', { selector: 'p' })).toBeInTheDocument();
  });

  it("shows the server's refusal as an error reply, and signs out when the session is gone", async () => {
    signedInAs();
    stubChat();
    const chatFetch = globalThis.fetch;
    let status = 429;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      `${init?.method} ${String(input)}` === STREAM
        ? new Response(
            JSON.stringify({
              success: false,
              message: 'Too many questions. Please wait a moment.',
              code: 'RATE_LIMITED',
            }),
            { status },
          )
        : chatFetch(input, init)) as typeof fetch;
    const { router } = renderApp('/saytrix');
    await ask('price of tcs');
    expect(await screen.findByText('Too many questions. Please wait a moment.')).toBeInTheDocument();
    expect(screen.queryByText(/Server connection failed/)).toBeNull();

    status = 401;
    await ask('price of tcs');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
