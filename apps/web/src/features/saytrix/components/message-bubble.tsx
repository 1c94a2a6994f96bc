import { saytrixTradeParamsSchema, type SaytrixAction, type SaytrixReply } from '@nivesh/shared';
import { cn } from '../../../lib/cn';
import { ActionCard } from './action-card';
import { HeadlinesList } from './headlines-list';
import { SafeMarkdown } from './safe-markdown';
import type { SaytrixActionHandlers } from './saytrix-actions';
import { StockCard } from './stock-card';

export interface ChatItem {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  kind: 'text' | 'welcome' | 'error';
  reply?: SaytrixReply;
}

const MARKDOWN =
  'saytrix-markdown min-w-0 space-y-2 break-words [&_a]:text-indigo-700 [&_a]:underline dark:[&_a]:text-indigo-300 [&_em]:text-slate-600 dark:[&_em]:text-slate-400 [&_li]:ml-4 [&_ol]:list-decimal [&_table]:w-full [&_table]:text-xs [&_td]:border-t [&_td]:border-slate-200 [&_td]:px-1 [&_td]:py-0.5 [&_td]:whitespace-nowrap [&_th]:px-1 [&_th]:text-left [&_th]:whitespace-nowrap dark:[&_td]:border-slate-700 [&_ul]:list-disc';
const ASSISTANT =
  'border border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
const BUBBLE = 'max-w-[92%] min-w-0 rounded-2xl px-3 py-2 text-sm sm:max-w-[80%]';

/** Actions whose card has no room for the follow-up context line: the bubble shows it instead. */
const CARDLESS = new Set<SaytrixAction>(['navigate', 'search_stock', 'show_portfolio']);

/** Buy/Sell on the card of a trade proposal carry its quantity and prices into the dialog. */
function proposalFor(reply: SaytrixReply, side: 'BUY' | 'SELL') {
  const matches =
    (reply.action === 'buy_stock' && side === 'BUY') || (reply.action === 'sell_stock' && side === 'SELL');
  const parsed = matches ? saytrixTradeParamsSchema.safeParse(reply.params) : undefined;
  return parsed?.success && parsed.data.symbol === reply.stockData?.symbol ? parsed.data : {};
}

export function Chip({ text, onClick, disabled }: { text: string; onClick: () => void; disabled: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="rounded-full border border-indigo-200 bg-white px-3 py-1 text-left text-sm text-indigo-800 hover:bg-indigo-50 disabled:opacity-60 dark:border-indigo-800 dark:bg-slate-900 dark:text-indigo-200 dark:hover:bg-indigo-950"
    >
      {text}
    </button>
  );
}

/**
 * The sentences received so far, before the reply is complete. A list item or table row keeps its
 * own line so the partial markdown renders as the finished one will.
 */
export function StreamingBubble({ sentences }: { sentences: string[] }) {
  const text = sentences.reduce(
    (all, s, i) => (i === 0 ? s : `${all}${/^\s*([-|]|\d+\.)/.test(s) ? '\n' : ' '}${s}`),
    '',
  );
  return (
    <div className="flex justify-start" data-testid="saytrix-streaming-message" aria-busy="true">
      <div className={cn(BUBBLE, ASSISTANT)}>
        <div className={MARKDOWN}>
          <SafeMarkdown>{text}</SafeMarkdown>
        </div>
      </div>
    </div>
  );
}

export function MessageBubble({
  item,
  handlers,
  onSuggestion,
  disabled,
}: {
  item: ChatItem;
  handlers: SaytrixActionHandlers;
  onSuggestion: (s: string) => void;
  disabled: boolean;
}) {
  const mine = item.role === 'user';
  const reply = item.reply;
  return (
    <div
      className={cn('flex', mine ? 'justify-end' : 'justify-start')}
      data-testid={mine ? 'saytrix-user-message' : 'saytrix-assistant-message'}
    >
      <div
        className={cn(
          BUBBLE,
          mine
            ? 'bg-indigo-600 text-white'
            : item.kind === 'error'
              ? 'border border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200'
              : ASSISTANT,
        )}
      >
        {mine ? (
          <p className="break-words whitespace-pre-wrap">{item.content}</p>
        ) : (
          <div className={MARKDOWN}>
            <SafeMarkdown>{item.content}</SafeMarkdown>
          </div>
        )}
        {reply?.headlines?.length ? <HeadlinesList headlines={reply.headlines} /> : null}
        {reply?.context && !(reply.action && !CARDLESS.has(reply.action)) ? (
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="saytrix-context">
            {reply.context}
          </p>
        ) : null}
        {reply?.stockData ? (
          <StockCard
            stock={reply.stockData}
            onTrade={
              // A finished replay's portfolio is read-only: no trade buttons on its cards.
              handlers.openOrder && !reply.scope?.finished
                ? (side) =>
                    handlers.openOrder?.({
                      ...proposalFor(reply, side),
                      // Inside a replay (or another portfolio) the order goes where the answer is about.
                      ...(reply.scope && reply.scope.kind !== 'main'
                        ? {
                            portfolioId: reply.scope.portfolioId,
                            ...(reply.scope.replayId ? { replayId: reply.scope.replayId } : {}),
                          }
                        : {}),
                      symbol: reply.stockData!.symbol,
                      side,
                    })
                : undefined
            }
          />
        ) : null}
        {reply ? <ActionCard reply={reply} handlers={handlers} name={reply.stockData?.name} /> : null}
        {reply && reply.suggestions.length ? (
          <div className="mt-2 flex flex-wrap gap-1.5">
            {reply.suggestions.map((s) => (
              <Chip key={s} text={s} disabled={disabled} onClick={() => onSuggestion(s)} />
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
