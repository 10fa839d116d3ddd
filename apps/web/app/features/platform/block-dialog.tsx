import { zodResolver } from '@hookform/resolvers/zod';
import { platformTexts } from '@stashblog/contract/platform';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';

// A block needs its reason; an unblock may give one. Either goes to the audit log, trimmed.
const reason = z.string().trim().max(500);
const blockForm = z.object({ reason: reason.min(1, platformTexts.reasonRequired) });
const unblockForm = z.object({ reason });

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
  const blocking = !target.isBlocked;
  const verb = blocking ? 'Block' : 'Unblock';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting: busy },
  } = useForm({ defaultValues: { reason: '' }, resolver: zodResolver(blocking ? blockForm : unblockForm) });

  const submit = handleSubmit(({ reason }) => onConfirm(reason));

  return (
    <Modal title={`${verb} ${target.kind.toLowerCase()} ${target.name}`} onClose={onCancel}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm">
          {blocking
            ? `The ${target.kind.toLowerCase()} disappears from the storefront, search and directory; its owner sees that it was blocked by admin.`
            : `The ${target.kind.toLowerCase()} becomes visible again where its owner made it public.`}
        </p>
        <Field
          label={`Reason${blocking ? '' : ' (optional)'}`}
          rows={3}
          maxLength={500}
          error={errors.reason?.message}
          {...register('reason')}
        />
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
