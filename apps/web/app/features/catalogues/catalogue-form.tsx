import { type Catalogue, catalogueInput } from '@stashblog/contract/catalogues';
import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { Field } from '../../ui/field';
import { toast } from '../../ui/toasts';
import { adminCatalogueKey, adminCataloguesKey } from './admin-catalogues-api';
import { ProductPicker, Thumb } from './product-picker';

type Errors = Partial<Record<'catalogueName' | 'description' | 'products', string>>;
type Props = { catalogueId?: string; initial?: { catalogueName: string; description: string }; initialProducts?: Product[] };

/** SPEC Add/Edit Catalogue: name, description and at least 3 of the owner's products. */
export function CatalogueForm({ catalogueId, initial = { catalogueName: '', description: '' }, initialProducts = [] }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [catalogueName, setCatalogueName] = useState(initial.catalogueName);
  const [description, setDescription] = useState(initial.description);
  const [selected, setSelected] = useState<Product[]>(initialProducts);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const ids = selected.map((p) => p._id);

  const add = (p: Product) => {
    setSelected((s) => (s.some((x) => x._id === p._id) ? s : [...s, p]));
    setErrors((e) => ({ ...e, products: undefined }));
  };
  function remove(p: Product) {
    // SPEC §5: a saved catalogue keeps its minimum; removal at 3 is refused.
    if (catalogueId && selected.length <= limits.catalogueMinProducts) {
      setErrors((e) => ({ ...e, products: specTexts.catalogueMinProducts }));
      toast.warning(specTexts.catalogueMinProducts);
      return;
    }
    setSelected((s) => s.filter((x) => x._id !== p._id));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (inFlight.current) return;
    const parsed = catalogueInput.safeParse({ catalogueName, description, products: ids });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    inFlight.current = true;
    setSaving(true);
    try {
      const result = catalogueId
        ? await api<{ catalogue: Catalogue }>('PUT', '/userAdmin/catalogues/update', { id: catalogueId, ...parsed.data })
        : await api<{ catalogue: Catalogue }>('POST', '/userAdmin/catalogues/create', parsed.data);
      if (!isOk(result)) {
        setErrors({ products: result.error || result.message || undefined });
        return toastFailure(result);
      }
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: adminCataloguesKey() });
      queryClient.removeQueries({ queryKey: adminCatalogueKey(result.payload.catalogue._id) });
      navigate('/userAdmin/catalogues');
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-4">
        <Field
          label="Catalogue Name"
          name="catalogueName"
          value={catalogueName}
          onChange={(e) => setCatalogueName(e.target.value)}
          error={errors.catalogueName}
          maxLength={200}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="catalogue-description" className="font-medium text-sm">
            Description
          </label>
          <textarea
            id="catalogue-description"
            rows={5}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-invalid={errors.description ? true : undefined}
            className="rounded border border-black/20 bg-background px-3 py-2"
          />
          {errors.description ? (
            <p role="alert" className="text-red-700 text-sm">
              {errors.description}
            </p>
          ) : null}
        </div>
        <section aria-labelledby="selected-heading" className="flex flex-col gap-2">
          <h2 id="selected-heading" className="font-medium text-sm">
            Selected products ({selected.length})
          </h2>
          {errors.products ? (
            <p role="alert" className="text-red-700 text-sm">
              {errors.products}
            </p>
          ) : null}
          {selected.length ? (
            <ol className="flex flex-col gap-2" aria-label="Selected products">
              {selected.map((p) => (
                <li key={p._id} className="flex items-center gap-3 rounded border border-black/10 p-2">
                  <Thumb product={p} />
                  <span className="min-w-0 flex-1 truncate capitalize">{p.productName}</span>
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
