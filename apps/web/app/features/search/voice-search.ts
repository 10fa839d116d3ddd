import { searchTexts } from '@stashblog/contract/search-options';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../ui/toasts';

// Voice search through the Web Speech API, in Indian English or Hindi (SPEC §1, §8 'Listening...',
// 'No speech detected'). Browsers without it (Firefox, most webviews) never see the button.
// One true message per attempt: 'Listening...' only once the microphone records (audiostart: never
// with the microphone blocked, and only after the visitor allows it), and after an error that has its
// own message, no 'No speech detected' as well.

export type VoiceLang = 'en-IN' | 'hi-IN';

type Recognition = {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  start: () => void;
  stop: () => void;
  abort: () => void;
  onaudiostart: (() => void) | null;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
};
type RecognitionCtor = new () => Recognition;

function recognitionCtor(): RecognitionCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Hindi when the page (or the browser) speaks Hindi, Indian English otherwise. */
export function defaultVoiceLang(pageLang: string, browserLangs: readonly string[] = []): VoiceLang {
  return [pageLang, ...browserLangs].some((l) => /^hi\b/i.test(l)) ? 'hi-IN' : 'en-IN';
}

const langKey = 'voiceSearchLang';

export function useVoiceSearch(onText: (text: string) => void) {
  const [supported, setSupported] = useState(false);
  const [listening, setListening] = useState(false);
  const [lang, setLangState] = useState<VoiceLang>('en-IN');
  const current = useRef<Recognition | null>(null);
  // Whether this attempt has said its outcome (a transcript, or an error with its own message).
  const settled = useRef(false);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  // Decided after hydration: the server cannot know, and the markup must match.
  useEffect(() => {
    setSupported(recognitionCtor() !== null);
    const saved = localStorage.getItem(langKey);
    setLangState(
      saved === 'hi-IN' || saved === 'en-IN' ? saved : defaultVoiceLang(document.documentElement.lang, navigator.languages ?? []),
    );
    return () => current.current?.abort();
  }, []);

  const setLang = useCallback((l: VoiceLang) => {
    setLangState(l);
    try {
      localStorage.setItem(langKey, l);
    } catch {}
  }, []);

  const stop = useCallback(() => current.current?.stop(), []);

  const start = useCallback(() => {
    const Ctor = recognitionCtor();
    if (!Ctor || current.current) return;
    const r = new Ctor();
    r.lang = lang;
    r.interimResults = false;
    r.maxAlternatives = 1;
    r.continuous = false;
    settled.current = false;
    r.onaudiostart = () => toast.info(specTexts.listening);
    r.onresult = (e) => {
      const text = Array.from(e.results)
        .map((res) => res[0]?.transcript ?? '')
        .join(' ')
        .trim();
      if (text) {
        settled.current = true;
        onTextRef.current(text);
      }
    };
    r.onerror = (e) => {
      if (e.error === 'not-allowed' || e.error === 'service-not-allowed') {
        settled.current = true;
        toast.error(searchTexts.microphoneBlocked);
      }
    };
    r.onend = () => {
      current.current = null;
      setListening(false);
      if (!settled.current) toast.warning(specTexts.noSpeech);
    };
    current.current = r;
    try {
      r.start();
      setListening(true);
    } catch {
      current.current = null;
      setListening(false);
    }
  }, [lang]);

  return { supported, listening, lang, setLang, start, stop };
}
