import { limits } from '@stashblog/contract/limits';
import { useEffect, useState } from 'react';

/** A step counter that advances every `ms` while there is something to rotate (SPEC §9: 3 s), paused for reduced motion. */
export function useRotation(count: number, ms: number = limits.rotationMs): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (count < 2) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const t = setInterval(() => setStep((s) => s + 1), ms);
    return () => clearInterval(t);
  }, [count, ms]);
  return step;
}
