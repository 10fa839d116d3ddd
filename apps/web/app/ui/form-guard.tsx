import { type AntiSpamInput, antiSpam } from '@stashblog/contract/anti-spam';
import { useCallback, useEffect, useRef, useState } from 'react';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : // Older browsers: RFC 4122 v4 from Math.random (uniqueness, not secrecy, is what matters here).
      'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
        const r = (Math.random() * 16) | 0;
        return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * The anti-spam piece of every public form (contract: `anti-spam.ts`). Render `<Honeypot {...guard.honeypot} />`
 * inside the form; spread `guard.values()` into the body; `await guard.ready()` before sending
 * (waits out the minimum fill time, so a fast person is never refused); `guard.renew()` after a
 * successful send (a new idempotency key: the next message is a new submission, a retry is not).
 */
export function useFormGuard() {
  const started = useRef(now());
  const key = useRef<string>('');
  const [honeypot, setHoneypot] = useState('');
  if (!key.current) key.current = newKey();
  // The clock starts when the form is on screen (hydrated), not when the server rendered it.
  useEffect(() => {
    started.current = now();
  }, []);

  const values = useCallback(
    (): AntiSpamInput => ({ website: honeypot, formElapsedMs: Math.round(now() - started.current), idempotencyKey: key.current }),
    [honeypot],
  );
  const ready = useCallback(async () => {
    const wait = antiSpam.minFillMs + 100 - (now() - started.current);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }, []);
  const renew = useCallback(() => {
    key.current = newKey();
    started.current = now();
  }, []);
  return { values, ready, renew, honeypot: { value: honeypot, onChange: setHoneypot } };
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
