import { useEffect, useRef } from 'react';

type Props = { title: string; onClose: () => void; children: React.ReactNode; wide?: boolean };

/** A native modal dialog (focus trap, Escape and backdrop come from the browser); shared by the query form and quick view. */
export function Modal({ title, onClose, children, wide = false }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape already does through onCancel
    <dialog
      ref={ref}
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={`m-auto max-h-[92vh] ${wide ? 'w-[min(94vw,56rem)]' : 'w-[min(94vw,30rem)]'} overflow-y-auto rounded-lg bg-background p-0 text-text shadow-xl backdrop:bg-black/50`}
    >
      <div className="flex items-center justify-between gap-3 border-black/10 border-b px-5 py-3">
        <h2 className="break-words font-semibold text-lg capitalize">{title}</h2>
        <button type="button" onClick={onClose} aria-label="Close" className="rounded px-2 py-1 text-xl leading-none hover:bg-surface">
          ×
        </button>
      </div>
      <div className="p-5">{children}</div>
    </dialog>
  );
}
