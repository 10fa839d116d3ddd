import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateCatalogueBody,
  type CreateCatalogueBodyParsed,
  catalogueInput,
  createCatalogueBody,
} from '@stashblog/contract/catalogues';
import { endpoints } from '@stashblog/contract/endpoints';
import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { specTexts } from '@stashblog/contract/spec-texts';
import type { Placement } from '@stashblog/contract/visibility-texts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { Field } from '../../ui/field';
import { toast } from '../../ui/toasts';
import { adminItemPaths, tabOf } from '../admin/admin-item-paths';
import { toastCreated, VisibilityField } from '../admin/visibility-field';
import { adminCatalogueKey, adminCataloguesKey } from './admin-catalogues-api';
import { ProductPicker, Thumb } from './product-picker';

type Props = { catalogueId?: string; initial?: { catalogueName: string; description: string }; initialProducts?: Product[] };

/** SPEC Add/Edit Catalogue: name, description and at least 3 of the owner's products. */
export function CatalogueForm({ catalogueId, initial = { catalogueName: '', description: '' }, initialProducts = [] }: Props) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Product[]>(initialProducts);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting: saving, isSubmitted },
  } = useForm<CreateCatalogueBody, unknown, CreateCatalogueBodyParsed>({
    // A new catalogue is public unless the owner picks Private; an edit leaves visibility to the card.
    defaultValues: { ...initial, products: initialProducts.map((p) => p._id), ...(catalogueId ? {} : { isPublic: true }) },
    resolver: zodResolver(catalogueId ? catalogueInput : createCatalogueBody) as never,
  });
  const ids = selected.map((p) => p._id);

  function choose(next: Product[]) {
    setSelected(next);
    setValue(
      'products',
      next.map((p) => p._id),
      { shouldValidate: isSubmitted },
    );
  }
  const add = (p: Product) => {
    if (!selected.some((x) => x._id === p._id)) choose([...selected, p]);
  };
  function remove(p: Product) {
    // SPEC §5: a saved catalogue keeps its minimum; removal at 3 is refused.
    if (catalogueId && selected.length <= limits.catalogueMinProducts) {
      setError('products', { message: specTexts.catalogueMinProducts });
      toast.warning(specTexts.catalogueMinProducts);
      return;
    }
    choose(selected.filter((x) => x._id !== p._id));
  }

  const submit = handleSubmit(async ({ isPublic, ...fields }) => {
    const result = catalogueId
      ? await api(endpoints.userAdminCatalogues.update, { id: catalogueId, ...fields })
      : await api(endpoints.userAdminCatalogues.create, { ...fields, isPublic });
    if (!isOk(result)) {
      setError('products', { message: result.error || result.message || undefined });
      return toastFailure(result);
    }
    const { payload } = result as { payload: { placement?: Placement } };
    if (payload.placement) toastCreated(payload.placement, result.message);
    else toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: adminCataloguesKey() });
    queryClient.removeQueries({ queryKey: adminCatalogueKey(result.payload.catalogue._id) });
    navigate(adminItemPaths('catalogue').list(tabOf(params)));
  });

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-4">
        <Field label="Catalogue Name" error={errors.catalogueName?.message} maxLength={200} {...register('catalogueName')} />
        <Field label="Description" rows={5} error={errors.description?.message} {...register('description')} />
        <section aria-labelledby="selected-heading" className="flex flex-col gap-2">
          <h2 id="selected-heading" className="font-medium text-sm">
            Selected products ({selected.length})
          </h2>
          {errors.products ? (
            <p role="alert" className="text-red-700 text-sm">
              {errors.products.message}
            </p>
          ) : null}
          {selected.length ? (
            <ol className="flex flex-col gap-2" aria-label="Selected products">
              {selected.map((p) => (
                <li key={p._id} className="flex items-center gap-3 rounded border border-black/10 p-2">
                  <Thumb product={p} />
                  <span className="min-w-0 flex-1 truncate">{p.productName}</span>
                  <button
                    type="button"
                    onClick={() => remove(p)}
                    className="rounded border border-red-700 px-3 py-1 text-red-700 text-sm"
                    aria-label={`Remove ${p.productName}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ol>
          ) : (
            <p className="rounded bg-surface p-4 text-muted text-sm">Pick at least {limits.catalogueMinProducts} products.</p>
          )}
        </section>
        {catalogueId ? null : (
          <Controller
            control={control}
            name="isPublic"
            render={({ field }) => <VisibilityField noun="catalogue" value={field.value ?? true} onChange={field.onChange} />}
          />
        )}
        <div>
          <button type="submit" disabled={saving} className="rounded bg-primary px-6 py-2 text-on-primary disabled:opacity-60">
            {saving ? 'Saving…' : catalogueId ? 'Update Catalogue' : 'Add Catalogue'}
          </button>
        </div>
      </div>
      <ProductPicker selectedIds={ids} onAdd={add} onRemove={remove} />
    </form>
  );
}
