import { useCallback, useEffect, useRef, useState } from 'react';

// The one dialog primitive (SPEC "Modals": confirm, dual action, quick view, query form, image
// viewer). A native <dialog> opened with showModal(): focus trap, Escape and the backdrop come
// from the browser; Escape calls onClose. A dialog leaves by unmounting (not close()), so focus goes
// back to what opened it here.

type DialogProps = {
  label: string;
  labelledBy?: string;
  onClose: () => void;
  closeOnBackdrop?: boolean;
  className: string;
  children: React.ReactNode;
};

/** The bare dialog; prefer Modal or useConfirm, and use this only for a custom frame (the crop dialog). */
export function Dialog({ label, labelledBy, onClose, closeOnBackdrop = false, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    const opener = document.activeElement;
    if (d && !d.open) d.showModal?.();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape already does through onCancel
    <dialog
      ref={ref}
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) onClose();
      }}
      className={`m-auto max-h-[92vh] overflow-y-auto rounded-lg bg-background text-text shadow-xl backdrop:bg-black/50 ${className}`}
    >
      {children}
    </dialog>
  );
}

type ModalProps = { title: string; onClose: () => void; children: React.ReactNode; wide?: boolean };

/** A titled modal with a close button; a click on the backdrop closes it. */
export function Modal({ title, onClose, children, wide = false }: ModalProps) {
  return (
    <Dialog label={title} onClose={onClose} closeOnBackdrop className={`p-0 ${wide ? 'w-[min(94vw,56rem)]' : 'w-[min(94vw,30rem)]'}`}>
      <div className="flex items-center justify-between gap-3 border-black/10 border-b px-5 py-3">
        <h2 className="break-words font-semibold text-lg">{title}</h2>
        <button type="button" onClick={onClose} aria-label="Close" className="rounded px-2 py-1 text-xl leading-none hover:bg-surface">
          ×
        </button>
      </div>
      <div className="p-5">{children}</div>
    </Dialog>
  );
}

export type ConfirmOptions = { yes?: string; no?: string };
type Pending = { text: string; options: ConfirmOptions; resolve: (ok: boolean) => void };

/**
 * Confirm and dual-action dialogs: `const [confirm, dialog] = useConfirm()`, render `dialog`, then
 * `await confirm(specTexts.confirmDelete(name))` is true on Yes (labels can be renamed per use).
 */
export function useConfirm(): [(text: string, options?: ConfirmOptions) => Promise<boolean>, React.ReactNode] {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    (text: string, options: ConfirmOptions = {}) => new Promise<boolean>((resolve) => setPending({ text, options, resolve })),
    [],
  );
  const close = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const dialog = pending ? (
    <Dialog label={pending.text} labelledBy="confirm-text" onClose={() => close(false)} className="w-[min(92vw,28rem)] p-6">
      <p id="confirm-text" className="mb-6 text-lg">
        {pending.text}
      </p>
      <div className="flex justify-end gap-3">
        <button type="button" className="rounded border border-primary px-4 py-2" onClick={() => close(false)}>
          {pending.options.no ?? 'No'}
        </button>
        <button type="button" className="rounded bg-primary px-4 py-2 text-on-primary" onClick={() => close(true)}>
          {pending.options.yes ?? 'Yes'}
        </button>
      </div>
    </Dialog>
  ) : null;
  return [confirm, dialog];
}
