import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Mic, Send, X } from 'lucide-react';
import { saytrixNavigateParamsSchema, type SaytrixMode } from '@nivesh/shared';
import { cn } from '../../../lib/cn';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { useAuth } from '../../../lib/auth';
import { ApiError } from '../../../lib/api-client';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useClearSaytrix, useSaytrixHistory, useScreenReplay } from '../api/saytrix-api';
import { streamSaytrixChat } from '../api/saytrix-stream';
import { saytrixSessionId } from '../lib/saytrix-session';
import { ChatHeader } from './chat-header';
import { Chip, MessageBubble, StreamingBubble, type ChatItem } from './message-bubble';
import type { SaytrixActionHandlers } from './saytrix-actions';
import { useSpeech, useVoiceInput } from './use-voice-input';
import { WakeWordChip } from './wake-word-chip';

export const RECENT_QUESTIONS = [
  'Show me NIFTY performance',
  "What are today's top gainers?",
  'Tell me about RELIANCE stock',
  'Latest market news',
  'Portfolio analysis',
];
export const OFFLINE_BANNER = 'Server connection failed. Using offline mode with limited functionality.';
const OFFLINE_REPLY_DELAY_MS = 500;
const MODE_SUGGESTIONS: Record<SaytrixMode, string[]> = {
  casual: ['How much cash do I have?', 'Price of TCS', 'Portfolio analysis'],
  expert: ['Charges for buying 10 Reliance', 'What is the price band?', 'Portfolio analysis'],
};

const welcome = (name: string, short: boolean): ChatItem => ({
  id: 'welcome',
  role: 'assistant',
  kind: 'welcome',
  content: short
    ? 'Chat cleared. Ask me anything about the market or your account.'
    : `Hi ${name}! I'm **Saytrix**. I answer from your account and live quotes — prices, your portfolio, cash, orders and charges — and I can prepare trades for you to confirm.`,
});

/** No figures while offline: the server is the only source of numbers. */
function offlineReply(question: string): string {
  if (/\b(reliance|ril)\b/i.test(question))
    return "I can't reach the server, so I can't fetch Reliance Industries' live price right now. Please try again shortly.";
  return "I can't reach the server right now, so I can't answer with figures. Please try again shortly.";
}

/** The ids a question carries: the replay on screen (and its portfolio), else the active portfolio. */
function chatScope(
  replayId: string | undefined,
  replayPortfolioId: string | undefined,
  activePortfolioId: string | undefined,
): { replayId?: string; portfolioId?: string } {
  if (replayId) return { replayId, ...(replayPortfolioId ? { portfolioId: replayPortfolioId } : {}) };
  return activePortfolioId ? { portfolioId: activePortfolioId } : {};
}

let counter = 0;
const nextId = () => `local-${(counter += 1)}`;

export interface SaytrixChatProps {
  variant: 'page' | 'panel';
  handlers: SaytrixActionHandlers;
  onClose?: () => void;
}

/** The Saytrix conversation: page (/saytrix) and the compact panel share it and the server-side history. */
export function SaytrixChat({ variant, handlers, onClose }: SaytrixChatProps) {
  const { user } = useAuth();
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
  const name = user?.fullName || 'User';
  const navigate = useNavigate();
  const [sessionId] = useState(saytrixSessionId);
  const history = useSaytrixHistory(sessionId);
  const clear = useClearSaytrix();
  const [local, setLocal] = useState<ChatItem[]>([]);
  const [cleared, setCleared] = useState(false);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<SaytrixMode>('casual');
  const [micOn, setMicOn] = useState(true);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const speech = useSpeech();

  const stored = useMemo<ChatItem[]>(
    () =>
      (history.data ?? []).map((m) => ({
        id: m.id,
        role: m.role,
        content: m.content,
        kind: 'text',
        ...(m.reply ? { reply: m.reply } : {}),
      })),
    [history.data],
  );
  const conversation = cleared ? local : [...stored, ...local];
  const items = [welcome(name, cleared), ...conversation];
  const empty = conversation.length === 0;
  // The sentences of the reply on its way (null when no question is waiting for one).
  const [streaming, setStreaming] = useState<string[] | null>(null);
  const busy = streaming !== null;

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [items.length, busy, streaming?.length]);

  const send = async (raw: string, source: 'text' | 'voice' = 'text') => {
    const message = raw.trim();
    if (!message || busy) return;
    setInput('');
    setError(null);
    setLocal((l) => [...l, { id: nextId(), role: 'user', content: message, kind: 'text' }]);
    setStreaming([]);
    try {
      const reply = await streamSaytrixChat(
        // The assistant answers about the portfolio on screen (issue 25); main needs no id.
        { message: message.slice(0, 500), sessionId, mode, source, ...scope },
        (sentence) => setStreaming((so) => [...(so ?? []), sentence]),
      );
      setStreaming(null);
      setLocal((l) => [
        ...l,
        { id: nextId(), role: 'assistant', content: reply.response, kind: 'text', reply },
      ]);
      if (source === 'voice' && micOn) speech.speak(reply.response);
      if (reply.action === 'navigate' && (reply.intent === 'navigate' || reply.intent === 'chart')) {
        const p = saytrixNavigateParamsSchema.safeParse(reply.params);
        if (p.success) void navigate(p.data.path);
      }
    } catch (failure) {
      setStreaming(null);
      // The server answered and refused (too many questions, a bad message): its words, not "offline".
      if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) {
        setLocal((l) => [...l, { id: nextId(), role: 'assistant', content: failure.message, kind: 'error' }]);
        return;
      }
      setError(OFFLINE_BANNER);
      window.setTimeout(() => {
        setLocal((l) => [
          ...l,
          { id: nextId(), role: 'assistant', content: offlineReply(message), kind: 'error' },
        ]);
      }, OFFLINE_REPLY_DELAY_MS);
    }
  };

  const voice = useVoiceInput({
    onTranscript: (text) => setInput(text),
    onSend: (text) => void send(text, 'voice'),
    onError: (message) => setError(message),
  });

  const clearAll = () => {
    speech.cancel();
    setLocal([]);
    setCleared(true);
    setError(null);
    void clear.mutateAsync(sessionId);
  };

  const switchMode = (next: SaytrixMode) => {
    if (next === mode) return;
    setMode(next);
    setLocal((l) => [
      ...l,
      {
        id: nextId(),
        role: 'assistant',
        kind: 'text',
        content:
          next === 'expert'
            ? 'Switched to **Expert** mode: replies add the itemised figures and the rules behind them.'
            : 'Switched to **Casual** mode: short, plain answers.',
        reply: { response: '', intent: 'help', suggestions: MODE_SUGGESTIONS[next], confidence: 'high' },
      },
    ]);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void send(input);
    } else if (e.key === 'Escape') {
      setInput('');
      setError(null);
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      e.stopPropagation();
      clearAll();
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'm') {
      e.preventDefault();
      if (micOn) void voice.start();
    }
  };

  const page = variant === 'page';
  const narrow = useMediaQuery(MOBILE_QUERY);
  return (
    <div
      className={cn('flex min-h-0 flex-col', page ? 'h-[calc(100dvh-8rem)]' : 'h-full')}
      data-testid={`saytrix-${variant}`}
    >
      <ChatHeader
        page={page}
        name={name}
        mode={mode}
        onMode={switchMode}
        micOn={micOn}
        onMic={() => {
          if (micOn) speech.cancel();
          setMicOn((v) => !v);
        }}
        onClear={clearAll}
        onClose={onClose}
      />
      {page ? <WakeWordChip onWake={() => (micOn ? void voice.start() : undefined)} /> : null}

      {error ? (
        <div
          role="alert"
          className="mt-3 flex items-start justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-200"
        >
          <span>{error}</span>
          <button
            type="button"
            onClick={() => setError(null)}
            aria-label="Dismiss"
            className="rounded p-0.5 hover:bg-amber-100 dark:hover:bg-amber-900"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}

      <div
        className="min-h-0 flex-1 space-y-3 overflow-y-auto py-3"
        role="log"
        aria-live="polite"
        aria-label="Conversation"
      >
        {items.map((item) => (
          <MessageBubble
            key={item.id}
            item={item}
            handlers={handlers}
            disabled={busy}
            onSuggestion={(s) => void send(s)}
          />
        ))}
        {empty && !history.isLoading ? (
          <div>
            <p className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Recent Questions</p>
            <div className="flex flex-wrap gap-2">
              {RECENT_QUESTIONS.map((q) => (
                <Chip key={q} text={q} disabled={busy} onClick={() => void send(q)} />
              ))}
            </div>
          </div>
        ) : null}
        {streaming?.length ? <StreamingBubble sentences={streaming} /> : null}
        {busy && !streaming?.length ? (
          <p
            className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400"
            data-testid="saytrix-typing"
          >
            <span className="flex gap-1" aria-hidden="true">
              <span className="size-1.5 animate-bounce rounded-full bg-slate-500" />
              <span className="size-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:150ms]" />
              <span className="size-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:300ms]" />
            </span>
            Saytrix is typing...
          </p>
        ) : null}
        {speech.speaking ? (
          <p className="text-sm text-indigo-700 dark:text-indigo-300">Saytrix is speaking...</p>
        ) : null}
        <div ref={endRef} />
      </div>

      {scopeNote ? (
        <p className="px-1 text-xs text-slate-600 dark:text-slate-300" data-testid="saytrix-scope">
          {scopeNote}
        </p>
      ) : null}
      <form
        className="flex min-w-0 items-end gap-1.5 rounded-2xl border border-slate-300 bg-white p-2 shadow-sm dark:border-slate-600 dark:bg-slate-900"
        onSubmit={(e) => {
          e.preventDefault();
          void send(input);
        }}
      >
        <textarea
          ref={inputRef}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={500}
          aria-label="Message Saytrix"
          // The shortcuts need a keyboard and the room of the full page; a phone or the panel gets the short text.
          placeholder={page && !narrow ? 'Ask Saytrix… (Ctrl+M for voice, Ctrl+K to clear)' : 'Ask Saytrix…'}
          aria-keyshortcuts="Control+M Control+K"
          className="max-h-32 min-h-10 min-w-0 flex-1 resize-none bg-transparent px-2 py-2 text-sm text-slate-900 outline-none placeholder:text-slate-500 dark:text-white dark:placeholder:text-slate-400"
        />
        <button
          type="button"
          onClick={() => void voice.start()}
          disabled={!micOn}
          aria-label={voice.listening ? 'Stop listening' : 'Ask by voice'}
          aria-pressed={voice.listening}
          aria-keyshortcuts="Control+M"
          title={micOn ? undefined : 'Turn the mic on to ask by voice'}
          className={cn(
            'shrink-0 rounded-full p-2 text-slate-700 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-200 dark:hover:bg-slate-800',
            voice.listening && 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300',
          )}
        >
          <Mic aria-hidden="true" className="size-5" />
        </button>
        <button
          type="submit"
          disabled={busy || !input.trim()}
          aria-label="Send"
          className="shrink-0 rounded-full bg-indigo-600 p-2 text-white hover:bg-indigo-700 disabled:bg-indigo-400 dark:disabled:bg-indigo-900"
        >
          <Send aria-hidden="true" className="size-5" />
        </button>
      </form>
      {voice.listening ? (
        <p className="mt-1 text-xs text-red-700 dark:text-red-300">Listening… speak now</p>
      ) : null}
    </div>
  );
}
