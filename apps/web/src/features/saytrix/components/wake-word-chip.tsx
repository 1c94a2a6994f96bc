import { useEffect, useRef, useState } from 'react';
import {
  hasWakeWord,
  onDeviceRecognition,
  recognitionLanguage,
  speechRecognitionCtor,
  VOICE_MESSAGES,
  WAKE_RESTART_AFTER_ERROR_MS,
  WAKE_RESTART_MS,
  type SpeechRecognitionLike,
} from '../lib/speech';

type State = 'checking' | 'unsupported' | 'cloud-only' | 'off' | 'listening' | 'heard';

/**
 * The wake word listens continuously only where the browser recognises speech on the device;
 * elsewhere the chip says why it is off instead of streaming the room's audio to a server.
 */
export function WakeWordChip({ onWake }: { onWake?: () => void }) {
  const [state, setState] = useState<State>('checking');
  const [lang, setLang] = useState('en-US');
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const active = useRef(false);

  useEffect(() => {
    let cancelled = false;
    const Ctor = speechRecognitionCtor();
    if (!Ctor) {
      setState('unsupported');
      return;
    }
    void (async () => {
      const l = await recognitionLanguage(Ctor);
      const local = await onDeviceRecognition(Ctor, l);
      if (cancelled) return;
      setLang(l);
      setState(local === 'available' ? 'off' : 'cloud-only');
    })();
    return () => {
      cancelled = true;
      active.current = false;
      recognition.current?.abort();
    };
  }, []);

  const listen = () => {
    const Ctor = speechRecognitionCtor();
    if (!Ctor) return;
    const r = new Ctor();
    r.lang = lang;
    r.continuous = true;
    r.interimResults = false;
    r.maxAlternatives = 1;
    r.processLocally = true;
    recognition.current = r;
    let delay = WAKE_RESTART_MS;
    r.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const alt = event.results[i]?.[0];
        if (alt && hasWakeWord(alt.transcript)) {
          setState('heard');
          if ('speechSynthesis' in window) window.speechSynthesis.speak(new SpeechSynthesisUtterance('Yes?'));
          onWake?.();
        }
      }
    };
    r.onerror = (event) => {
      delay =
        event.error === 'aborted' || event.error === 'not-allowed'
          ? WAKE_RESTART_MS
          : WAKE_RESTART_AFTER_ERROR_MS;
      if (event.error === 'not-allowed') {
        active.current = false;
        setState('off');
        window.alert(VOICE_MESSAGES.micDenied);
      }
    };
    r.onend = () => {
      if (active.current) window.setTimeout(() => active.current && listen(), delay);
    };
    r.start();
    setState('listening');
  };

  const toggle = () => {
    if (state === 'listening' || state === 'heard') {
      active.current = false;
      recognition.current?.abort();
      setState('off');
    } else if (state === 'off') {
      active.current = true;
      listen();
    }
  };

  const text =
    state === 'checking'
      ? 'Checking voice support…'
      : state === 'unsupported'
        ? VOICE_MESSAGES.commandsUnsupported
        : state === 'cloud-only'
          ? 'Wake word off: this browser recognises speech only on a server, so Saytrix does not listen all the time. Use the mic button or Ctrl+M.'
          : state === 'listening' || state === 'heard'
            ? 'Say "Saytrix" to activate'
            : 'Wake word off';
  const toggleable = state === 'off' || state === 'listening' || state === 'heard';
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-xs" data-testid="saytrix-wake-chip">
      <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
        {text}
      </span>
      {toggleable ? (
        <button
          type="button"
          onClick={toggle}
          className="rounded-full border border-slate-300 px-2.5 py-1 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          {state === 'off' ? 'Listen for "Saytrix"' : 'Stop listening'}
        </button>
      ) : null}
    </div>
  );
}
