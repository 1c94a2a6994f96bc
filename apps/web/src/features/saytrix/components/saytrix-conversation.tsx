import { Chip, MessageBubble, StreamingBubble } from './message-bubble';
import type { SaytrixActionHandlers } from './saytrix-actions';
import { RECENT_QUESTIONS } from './saytrix-chat-texts';
import type { SaytrixChatState } from './use-saytrix-chat';

/** The messages, the starter questions of an empty chat, and the reply (or typing dots) on its way. */
export function SaytrixConversation({
  s,
  handlers,
}: {
  s: SaytrixChatState;
  handlers: SaytrixActionHandlers;
}) {
  const { busy, streaming, send } = s;
  return (
    <div
      className="min-h-0 flex-1 space-y-3 overflow-y-auto py-3"
      role="log"
      aria-live="polite"
      aria-label="Conversation"
    >
      {s.items.map((item) => (
        <MessageBubble
          key={item.id}
          item={item}
          handlers={handlers}
          disabled={busy}
          onSuggestion={(q) => void send(q)}
        />
      ))}
      {s.empty && !s.history.isLoading ? (
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
      {s.speech.speaking ? (
        <p className="text-sm text-indigo-700 dark:text-indigo-300">Saytrix is speaking...</p>
      ) : null}
      <div ref={s.endRef} />
    </div>
  );
}
