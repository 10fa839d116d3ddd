import { limits } from '@stashblog/contract/limits';
import {
  type ExpiryUnit,
  expiryUnits,
  generateCatalogueLinkBody,
  generatePrivateLinkCode,
  generateProductLinkBody,
  type PrivateLink,
  updatePrivateLinkBody,
} from '@stashblog/contract/private-links';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useQueryClient } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { formatDate } from '../../speed/format';
import { copyText } from '../../ui/copy-text';
import { Field } from '../../ui/field';
import { toast } from '../../ui/toasts';
import { formatCountdown, isLinkExpired, useNow } from './countdown';
import type { KindInfo } from './link-kind';
import { ownerLinkUrl } from './link-url';
import { privateLinkKey, privateLinksKey } from './private-links-api';

type Props = { info: KindInfo; itemId: string; itemName: string; existing?: PrivateLink };
type LinkValues = { privateLink: string; unit: ExpiryUnit | ''; amount: string; allowMultipleUsers: boolean };

const amountsOf = (unit: ExpiryUnit) => {
  const { min, max } = limits.expiry[unit];
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
};

/** SPEC "Add/Edit Private Link": code with the random generator, duration, multi-user toggle; on edit statistics, countdown, renewal, copy. */
export function PrivateLinkForm({ info, itemId, itemName, existing }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useNow();
  const editing = existing !== undefined;
  const bodyOf = ({ privateLink: code, unit, amount, allowMultipleUsers: multi }: LinkValues) => {
    const duration = unit && amount ? { unit, amount: Number(amount) } : undefined;
    return editing
      ? { id: existing._id, privateLink: code, linkExpiresAt: duration, allowMultipleUsers: multi }
      : { [info.fk]: itemId, privateLink: code, linkExpiresAt: duration, allowMultipleUsers: multi };
  };
  // The contract's body schema checks the form; its first problem shows under the code or the duration.
  const resolver: Resolver<LinkValues> = async (values) => {
    const schema = editing ? updatePrivateLinkBody : info.kind === 'product' ? generateProductLinkBody : generateCatalogueLinkBody;
    const parsed = schema.safeParse(bodyOf(values));
    if (parsed.success) return { values, errors: {} };
    const issue = parsed.error.issues[0];
    return {
      values: {},
      errors: { [issue?.path[0] === 'privateLink' ? 'privateLink' : 'unit']: { type: 'contract', message: issue?.message } },
    };
  };
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting: saving, isSubmitted },
  } = useForm<LinkValues>({
    defaultValues: {
      privateLink: existing?.privateLink ?? '',
      unit: '',
      amount: '',
      allowMultipleUsers: existing?.allowMultipleUsers ?? false,
    },
    resolver,
  });
  const [unit, multi] = watch(['unit', 'allowMultipleUsers']);
  const code = register('privateLink');
  const unitField = register('unit');

  const submit = handleSubmit(async (values) => {
    const body = bodyOf(values);
    const result = await api(editing ? info.api.updatePrivateLink : info.api.generatePrivateLink, body);
    if (!isOk(result)) return toastFailure(result);
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: privateLinksKey(info.kind, itemId) });
    queryClient.setQueryData(privateLinkKey(info.kind, result.payload.privateLink._id), result.payload);
    if (editing) {
      setValue('unit', '');
      setValue('amount', '');
    } else {
      navigate(info.editPath(itemId, result.payload.privateLink._id), { replace: true });
    }
  });

  async function copy() {
    if (existing && (await copyText(ownerLinkUrl(info.kind, existing.privateLink)))) toast.success(specTexts.linkCopied);
  }

  const expired = existing ? isLinkExpired(existing.linkExpiresAt, now) : false;
  const input = 'rounded border border-black/20 bg-background px-3 py-2';
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-5 rounded-lg border border-black/10 p-4 sm:p-6">
        <p className="text-muted text-sm">
          For the {info.noun} <span className="font-medium">{itemName}</span>
        </p>
        <Field
          label="Private link"
          maxLength={limits.privateLinkCodeLength}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          error={errors.privateLink?.message}
          hint={<p className="text-muted text-xs">{limits.privateLinkCodeLength} letters or digits; Generate picks a random one.</p>}
          after={
            <button
              type="button"
              onClick={() => setValue('privateLink', generatePrivateLinkCode(), { shouldValidate: isSubmitted })}
              className="rounded border border-primary px-4 py-2"
            >
              Generate
            </button>
          }
          {...code}
          onChange={(e) => {
            e.target.value = e.target.value.replace(/[^A-Za-z0-9]/g, '');
            return code.onChange(e);
          }}
        />

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium text-sm">{editing ? 'Renew expiry (optional)' : 'Link expires after'}</legend>
          <div className="flex flex-wrap gap-2">
            <label className="flex flex-col gap-1 text-sm">
              <span>Unit</span>
              <select
                {...unitField}
                onChange={(e) => {
                  const next = e.target.value as ExpiryUnit | '';
                  const amount = getValues('amount');
                  if (next && amount && !amountsOf(next).includes(Number(amount))) setValue('amount', '');
                  return unitField.onChange(e);
                }}
                aria-invalid={errors.unit ? true : undefined}
                className={input}
              >
                <option value="">Choose…</option>
                {expiryUnits.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              <span>Amount</span>
              {/* the duration's message sits on Unit: choosing an amount checks it again */}
              <select {...register('amount', { deps: 'unit' })} disabled={!unit} className={input}>
                <option value="">Choose…</option>
                {unit
                  ? amountsOf(unit).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))
                  : null}
              </select>
            </label>
          </div>
          {errors.unit ? (
            <p role="alert" className="text-red-700 text-sm">
              {errors.unit.message}
            </p>
          ) : null}
        </fieldset>

        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            {...register('allowMultipleUsers')}
            aria-checked={multi}
            className="h-5 w-5 accent-[var(--color-primary)]"
          />
          <span>
            Allow multiple users
            <span className="block text-muted text-xs">Off: the link opens only on the first device that views it.</span>
          </span>
        </label>

        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={saving} className="rounded bg-primary px-5 py-2 text-on-primary disabled:opacity-50">
            {saving ? 'Saving…' : editing ? 'Update Link' : 'Create Link'}
          </button>
          <button type="button" onClick={() => navigate(info.listPath(itemId))} className="rounded border border-primary px-5 py-2">
            Cancel
          </button>
        </div>
      </form>

      {existing ? (
        <aside className="flex flex-col gap-4 rounded-lg bg-surface p-4 sm:p-6" aria-label="Link statistics">
          <div>
            <p className="text-muted text-sm">Status</p>
            <p className={`font-semibold ${expired ? 'text-red-700' : 'text-green-800'}`}>{expired ? 'Expired' : 'Active'}</p>
          </div>
          <div>
            <p className="text-muted text-sm">Expires in</p>
            <p className="font-semibold tabular-nums" aria-live="off" data-testid="countdown">
              {formatCountdown(existing.linkExpiresAt, now)}
            </p>
            <p className="text-muted text-xs">{formatDate(existing.linkExpiresAt, 'dateTime')}</p>
          </div>
          <dl className="grid grid-cols-2 gap-2">
            <dt className="text-muted text-sm">Visits</dt>
            <dd className="font-semibold" data-testid="visits">
              {existing.visits}
            </dd>
            <dt className="text-muted text-sm">Viewed</dt>
            <dd className="font-semibold" data-testid="viewed">
              {existing.linkViewed ? 'Yes' : 'No'}
            </dd>
            <dt className="text-muted text-sm">Device</dt>
            <dd className="font-semibold">{existing.allowMultipleUsers ? 'Any device' : existing.isBound ? 'Bound' : 'Not bound yet'}</dd>
          </dl>
          <p className="break-all rounded bg-background p-2 font-mono text-xs">{ownerLinkUrl(info.kind, existing.privateLink)}</p>
          <button type="button" onClick={() => void copy()} className="rounded bg-primary px-4 py-2 text-on-primary">
            Copy Link
          </button>
        </aside>
      ) : null}
    </div>
  );
}
