/** Voice constants of the assistant: recognition stops after 10 s, the text is sent 300 ms after the result. */
export const VOICE_TIMEOUT_MS = 10_000;
export const VOICE_SEND_DELAY_MS = 300;
export const SPOKEN_MAX_CHARS = 200;
export const SPEECH_RATE = 0.9;
export const SPEECH_PITCH = 1;
export const SPEECH_VOLUME = 0.8;
export const WAKE_RESTART_MS = 500;
export const WAKE_RESTART_AFTER_ERROR_MS = 2_000;

export const VOICE_MESSAGES = {
  unsupported: 'Voice input is not supported in this browser.',
  micDenied: 'Microphone access is required for voice input. Please allow it in your browser settings.',
  failed: 'Voice recognition failed. Please try again.',
  commandsUnsupported:
    'Voice commands are not supported in this browser. Please use Chrome, Edge, or Safari.',
  repeat: 'Could you repeat that?',
} as const;

export type Confidence = 'high' | 'medium' | 'low';

/** Above 0.8 is high, above 0.6 medium, otherwise low. */
export function confidenceBand(value: number): Confidence {
  if (value > 0.8) return 'high';
  if (value > 0.6) return 'medium';
  return 'low';
}

/** What the speaker reads: markdown markers and the rupee sign removed, at most 200 characters. */
export function speakableText(markdown: string): string {
  const plain = markdown
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/^\|.*\|$/gm, '')
    .replace(/[*_`#>|~]/g, '')
    .replace(/^\s*[-•]\s+/gm, '')
    .replace(/₹/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= SPOKEN_MAX_CHARS) return plain;
  const cut = plain.slice(0, SPOKEN_MAX_CHARS);
  const sentence = cut.lastIndexOf('. ');
  return sentence > 60 ? cut.slice(0, sentence + 1) : cut;
}

/** The wake word and the ways speech recognisers mishear it. */
export const WAKE_WORDS = ['saytrix', 'citrix', 'citric', 'matrix', 'tricks', 'se tric', 'say tricks'];

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = current;
    }
  }
  return row[b.length]!;
}

/** True when a transcript contains the wake word or a mis-hearing of it (edit distance ≤ 2 on "saytrix"). */
export function hasWakeWord(transcript: string): boolean {
  const text = transcript
    .toLowerCase()
    .replace(/[^a-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return false;
  if (WAKE_WORDS.some((w) => new RegExp(`\\b${w}\\b`).test(text))) return true;
  const words = text.split(' ');
  const candidates = [...words, ...words.slice(1).map((w, i) => `${words[i]}${w}`)];
  return candidates.some((w) => w.length >= 5 && distance(w, 'saytrix') <= 2);
}

/** The browser's recogniser constructor, when there is one. */
export function speechRecognitionCtor(): SpeechRecognitionCtor | undefined {
  const w = globalThis as unknown as {
    SpeechRecognition?: SpeechRecognitionCtor;
    webkitSpeechRecognition?: SpeechRecognitionCtor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

/** en-IN where the browser has it, else en-US. */
export async function recognitionLanguage(
  ctor: SpeechRecognitionCtor | undefined,
): Promise<'en-IN' | 'en-US'> {
  if (ctor?.available) {
    try {
      const status = await ctor.available({ langs: ['en-IN'], processLocally: false });
      return status === 'unavailable' ? 'en-US' : 'en-IN';
    } catch {
      return 'en-US';
    }
  }
  const langs = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return langs.some((l) => l === 'en-IN') ? 'en-IN' : 'en-US';
}

/** Whether the wake word may listen: only when recognition runs on the device, never streaming the room's audio away. */
export async function onDeviceRecognition(
  ctor: SpeechRecognitionCtor | undefined,
  lang: string,
): Promise<'available' | 'downloadable' | 'unavailable'> {
  if (!ctor?.available) return 'unavailable';
  try {
    const status = await ctor.available({ langs: [lang], processLocally: true });
    return status === 'available'
      ? 'available'
      : status === 'downloadable' || status === 'downloading'
        ? 'downloadable'
        : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/** The parts of the Web Speech API the assistant uses (not every TypeScript lib has them). */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  processLocally?: boolean;
  onresult:
    | ((event: {
        resultIndex: number;
        results: ArrayLike<ArrayLike<{ transcript: string; confidence: number }> & { isFinal: boolean }>;
      }) => void)
    | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export interface SpeechRecognitionCtor {
  new (): SpeechRecognitionLike;
  available?: (options: { langs: string[]; processLocally: boolean }) => Promise<string>;
}
