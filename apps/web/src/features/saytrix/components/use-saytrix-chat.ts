import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { saytrixNavigateParamsSchema, type SaytrixMode } from '@nivesh/shared';
import { useAuth } from '../../../lib/auth';
import { ApiError } from '../../../lib/api-client';
import { useClearSaytrix, useSaytrixHistory } from '../api/saytrix-api';
import { streamSaytrixChat } from '../api/saytrix-stream';
import { saytrixSessionId } from '../lib/saytrix-session';
import type { ChatItem } from './message-bubble';
import {
  modeSwitched,
  nextId,
  OFFLINE_BANNER,
  OFFLINE_REPLY_DELAY_MS,
  offlineReply,
  welcome,
} from './saytrix-chat-texts';
import { useChatScope } from './use-chat-scope';
import { useSpeech, useVoiceInput } from './use-voice-input';

/** The Saytrix conversation's state: the stored and local messages, the reply streaming in, voice and keys. */
export function useSaytrixChat() {
  const { user } = useAuth();
  const { scope, scopeNote } = useChatScope();
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
    setLocal((l) => [...l, modeSwitched(next)]);
  };

  const toggleMic = () => {
    if (micOn) speech.cancel();
    setMicOn((v) => !v);
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

  return {
    name,
    scopeNote,
    history,
    input,
    setInput,
    error,
    setError,
    mode,
    micOn,
    inputRef,
    endRef,
    speech,
    items,
    empty,
    streaming,
    busy,
    send,
    voice,
    clearAll,
    switchMode,
    toggleMic,
    onKeyDown,
  };
}

export type SaytrixChatState = ReturnType<typeof useSaytrixChat>;
