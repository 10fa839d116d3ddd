import {
  type AntiSpamInput,
  antiSpam,
  antiSpamTexts,
  type FormChallenge,
  formChallengePath,
  type PublicForm,
} from '@stashblog/contract/anti-spam';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiResult, api } from '../lib/api-client';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : // Older browsers: RFC 4122 v4 from Math.random (uniqueness, not secrecy, is what matters here).
      'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
        const r = (Math.random() * 16) | 0;
        return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });

// The page's own monotonic clock: the server measures a challenge's age in its clock, the page in
// this one, from the moment the challenge arrived (no clock skew between visitor and server).
const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Held = FormChallenge & { at: number };

/** Renew a held challenge this long before it expires (a quarter of its life, at most 10 minutes). */
const renewMargin = (c: Held) => Math.min(c.expiresInMs / 4, 10 * 60_000);
const isFresh = (c: Held | null): c is Held => c !== null && now() - c.at < c.expiresInMs - renewMargin(c);

/**
 * The anti-spam piece of every public form (contract: `anti-spam.ts`, docs/decisions/010). Render
 * `<Honeypot {...guard.honeypot} />` inside the form and send with `guard.send(fields => api(…, { ...body, ...fields }))`:
 * it waits for the form's challenge (fetched once the page has hydrated, renewed in the background
 * before it expires and when the tab comes back after a long time), waits out the rest of the
 * minimum fill time (so a fast person is delayed, never refused), and if the server still refuses
 * the challenge (the computer slept past its lifetime), fetches a fresh one and sends once more.
 * `guard.values()` are the fields as of now (for checking a body before sending). `guard.renew()`
 * after a successful send: a new idempotency key, so the next message is a new submission and a retry is not.
 */
export function useFormGuard(form: PublicForm) {
  const key = useRef<string>('');
  const held = useRef<Held | null>(null);
  const fetching = useRef<Promise<Held | null> | null>(null);
  const [honeypot, setHoneypot] = useState('');
  if (!key.current) key.current = newKey();

  /** A fresh challenge from the server (one request at a time); null when the network gave none. */
  const fetchChallenge = useCallback(() => {
    fetching.current ??= (async () => {
      try {
        for (let attempt = 0; attempt < 3; attempt++) {
          const result = await api<FormChallenge>('GET', formChallengePath, { form });
          if (result.payload?.challenge) {
            held.current = { ...result.payload, at: now() };
            return held.current;
          }
          await sleep(1000 * 2 ** attempt);
        }
        return null;
      } finally {
        fetching.current = null;
      }
    })();
    return fetching.current;
  }, [form]);

  // The first challenge once the form is on screen (hydrated), then a new one before each expires;
  // timers sleep with the tab, so coming back (focus, visible) renews a stale one at once.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const renewSoon = (c: Held | null) => {
      clearTimeout(timer);
      if (live && c) timer = setTimeout(() => void fetchChallenge().then(renewSoon), Math.max(1000, c.expiresInMs - renewMargin(c)));
    };
    const onReturn = () => {
      if (document.visibilityState === 'visible' && !isFresh(held.current)) void fetchChallenge().then(renewSoon);
    };
    void (held.current ? Promise.resolve(held.current) : fetchChallenge()).then(renewSoon);
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, [fetchChallenge]);

  const values = useCallback(
    (): AntiSpamInput => ({ website: honeypot, challenge: held.current?.challenge ?? '', idempotencyKey: key.current }),
    [honeypot],
  );

  /** Waits for a fresh challenge (a submit made before it arrived waits for it), then out the minimum fill time. */
  const ready = useCallback(async () => {
    const c = isFresh(held.current) ? held.current : await fetchChallenge();
    if (!c) return;
    const wait = c.minFillMs + 100 - (now() - c.at);
    if (wait > 0) await sleep(wait);
  }, [fetchChallenge]);

  const send = useCallback(
    async <T,>(post: (fields: AntiSpamInput) => Promise<ApiResult<T>>): Promise<ApiResult<T>> => {
      await ready();
      const first = await post(values());
      if (first.code !== 400 || first.error !== antiSpamTexts.tooFast) return first;
      // Refused challenge (expired while the computer slept, or the server's SECRET changed): once more with a fresh one.
      held.current = null;
      await ready();
      return post(values());
    },
    [ready, values],
  );

  const renew = useCallback(() => {
    key.current = newKey();
  }, []);
  return { values, send, renew, honeypot: { value: honeypot, onChange: setHoneypot } };
}

/** A field people never see or reach (off-screen, hidden from assistive tech, out of tab order); bots fill it. */
export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}>
      <label>
        Website
        <input
          type="text"
          name={antiSpam.honeypotField}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}
