import { useCallback, useEffect, useRef, useState } from 'react';
import {
  confidenceBand,
  recognitionLanguage,
  speakableText,
  speechRecognitionCtor,
  SPEECH_PITCH,
  SPEECH_RATE,
  SPEECH_VOLUME,
  VOICE_MESSAGES,
  VOICE_SEND_DELAY_MS,
  VOICE_TIMEOUT_MS,
  type Confidence,
  type SpeechRecognitionLike,
} from '../lib/speech';

/**
 * Push-to-talk: one utterance, no interim results, stopped after 10 s; the transcript is handed
 * over 300 ms after the result so the user sees it in the input first.
 */
export function useVoiceInput(o: {
  onTranscript: (text: string) => void;
  onSend: (text: string, confidence: Confidence) => void;
  onError: (message: string) => void;
}) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const timers = useRef<number[]>([]);
  const latest = useRef(o);
  latest.current = o;
  const supported = Boolean(speechRecognitionCtor());

  useEffect(
    () => () => {
      for (const t of timers.current) window.clearTimeout(t);
      recognition.current?.abort();
    },
    [],
  );

  const stop = useCallback(() => {
    recognition.current?.stop();
    setListening(false);
  }, []);

  const start = useCallback(async () => {
    const Ctor = speechRecognitionCtor();
    if (!Ctor) {
      window.alert(VOICE_MESSAGES.unsupported);
      return;
    }
    if (recognition.current && listening) {
      stop();
      return;
    }
    const r = new Ctor();
    r.lang = await recognitionLanguage(Ctor);
    r.continuous = false;
    r.interimResults = false;
    r.maxAlternatives = 1;
    recognition.current = r;
    r.onresult = (event) => {
      const result = event.results[event.resultIndex] ?? event.results[0];
      const alt = result?.[0];
      if (!alt) return;
      const text = alt.transcript.trim();
      if (!text) return;
      latest.current.onTranscript(text);
      timers.current.push(
        window.setTimeout(
          () => latest.current.onSend(text, confidenceBand(alt.confidence)),
          VOICE_SEND_DELAY_MS,
        ),
      );
    };
    r.onerror = (event) => {
      setListening(false);
      if (event.error === 'not-allowed' || event.error === 'service-not-allowed')
        window.alert(VOICE_MESSAGES.micDenied);
      else if (event.error !== 'aborted' && event.error !== 'no-speech')
        latest.current.onError(VOICE_MESSAGES.failed);
    };
    r.onend = () => setListening(false);
    try {
      r.start();
      setListening(true);
      timers.current.push(window.setTimeout(() => r.stop(), VOICE_TIMEOUT_MS));
    } catch {
      setListening(false);
      latest.current.onError(VOICE_MESSAGES.failed);
    }
  }, [listening, stop]);

  return { supported, listening, start, stop };
}

/** Reads a reply aloud (voice questions only); `speaking` drives the 'Saytrix is speaking...' line. */
export function useSpeech() {
  const [speaking, setSpeaking] = useState(false);
  const speak = useCallback((markdown: string) => {
    if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
    const text = speakableText(markdown);
    if (!text) return;
    const u = new SpeechSynthesisUtterance(text);
    u.rate = SPEECH_RATE;
    u.pitch = SPEECH_PITCH;
    u.volume = SPEECH_VOLUME;
    u.lang = 'en-IN';
    u.onstart = () => setSpeaking(true);
    u.onend = () => setSpeaking(false);
    u.onerror = () => setSpeaking(false);
    window.speechSynthesis.cancel();
    setSpeaking(true);
    window.speechSynthesis.speak(u);
  }, []);
  const cancel = useCallback(() => {
    if ('speechSynthesis' in window) window.speechSynthesis.cancel();
    setSpeaking(false);
  }, []);
  return { speaking, speak, cancel };
}
