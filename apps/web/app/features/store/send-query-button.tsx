import { useEffect, useRef, useState } from 'react';

// Placeholder until the enquiry (lead) form lands: the button and its modal are in place.
export function SendQueryButton({ productName }: { productName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="rounded bg-primary px-6 py-3 font-semibold text-on-primary">
        Send Query
      </button>
      {open ? <QueryModal productName={productName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function QueryModal({ productName, onClose }: { productName: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="query-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(92vw,28rem)] rounded-lg bg-background p-6 text-text shadow-xl backdrop:bg-black/50"
    >
      <h2 id="query-title" className="mb-2 font-semibold text-lg">
        Send Query
      </h2>
      <p className="mb-6 text-muted">Enquiries about {productName} will be available here shortly.</p>
      <div className="flex justify-end">
        <button type="button" onClick={onClose} className="rounded bg-primary px-4 py-2 text-on-primary">
          Close
        </button>
      </div>
    </dialog>
  );
}
