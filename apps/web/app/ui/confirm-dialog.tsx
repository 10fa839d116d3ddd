import { useCallback, useEffect, useRef, useState } from 'react';

type Pending = { text: string; resolve: (ok: boolean) => void };

/** SPEC "Modals: confirm": `const [confirm, dialog] = useConfirm()`; `await confirm(text)` is true on Yes. */
export function useConfirm(): [(text: string) => Promise<boolean>, React.ReactNode] {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback((text: string) => new Promise<boolean>((resolve) => setPending({ text, resolve })), []);
  const close = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const dialog = pending ? <ConfirmDialog text={pending.text} onClose={close} /> : null;
  return [confirm, dialog];
}

function ConfirmDialog({ text, onClose }: { text: string; onClose: (ok: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-text"
      onCancel={(e) => {
        e.preventDefault();
        onClose(false);
      }}
      className="m-auto w-[min(92vw,28rem)] rounded-lg bg-background p-6 text-text shadow-xl backdrop:bg-black/50"
    >
      <p id="confirm-text" className="mb-6 text-lg">
        {text}
      </p>
      <div className="flex justify-end gap-3">
        <button type="button" className="rounded border border-primary px-4 py-2" onClick={() => onClose(false)}>
          No
        </button>
        <button type="button" className="rounded bg-primary px-4 py-2 text-on-primary" onClick={() => onClose(true)}>
          Yes
        </button>
      </div>
    </dialog>
  );
}
