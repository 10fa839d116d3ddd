import { platformTexts } from '@stashblog/contract/platform';
import { useId, useState } from 'react';
import { Modal } from '../../ui/modal';

export type BlockTarget = { kind: 'User' | 'Product' | 'Catalogue'; name: string; isBlocked: boolean };

/** Asks for the reason before blocking (required) or unblocking (optional); the reason goes to the audit log. */
export function BlockDialog({
  target,
  onCancel,
  onConfirm,
}: {
  target: BlockTarget;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void> | void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const blocking = !target.isBlocked;
  const verb = blocking ? 'Block' : 'Unblock';

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (blocking && !reason.trim()) return setError(platformTexts.reasonRequired);
    setBusy(true);
    try {
      await onConfirm(reason.trim());
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={`${verb} ${target.kind.toLowerCase()} ${target.name}`} onClose={onCancel}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm">
          {blocking
            ? `The ${target.kind.toLowerCase()} disappears from the storefront, search and directory; its owner sees that it was blocked by admin.`
            : `The ${target.kind.toLowerCase()} becomes visible again where its owner made it public.`}
        </p>
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="font-medium text-sm">
            Reason{blocking ? '' : ' (optional)'}
          </label>
          <textarea
            id={id}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="rounded border border-black/20 bg-background px-3 py-2"
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-red-700 text-sm">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onCancel} className="rounded border border-black/20 px-4 py-2">
            Cancel
          </button>
          <button type="submit" disabled={busy} className="rounded bg-red-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
            {busy ? `${verb}ing…` : verb}
          </button>
        </div>
      </form>
    </Modal>
  );
}
