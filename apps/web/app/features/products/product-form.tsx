import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateProductBody, createProductBody, productInput } from '@stashblog/contract/products';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toastFailure } from '../../lib/api-client';
import { ChipInput } from '../../ui/chip-input';
import { Field } from '../../ui/field';
import { toast } from '../../ui/toasts';
import { adminItemPaths, tabOf } from '../admin/admin-item-paths';
import { toastCreated, VisibilityField } from '../admin/visibility-field';
import { adminProductsKey } from './admin-products-api';
import { CategoryField } from './category-field';
import { ImagePicker } from './image-picker';
import type { ImageItem } from './product-images';
import { type SaveProgress, saveProduct } from './save-product';

type Values = {
  category: string;
  productName: string;
  itemNo: string;
  description: string;
  pricePerUnit: string;
  totalUnits: string;
  link: string;
  tags: string[];
  specifications: string[];
  disclaimers: string[];
  /** The Add form's Visibility; an edit leaves it to the card's Mark Public/Private. */
  isPublic?: boolean;
};

export const emptyProduct: Values = {
  category: '',
  productName: '',
  itemNo: '',
  description: '',
  pricePerUnit: '',
  totalUnits: '',
  link: '',
  tags: [],
  specifications: [],
  disclaimers: [],
  isPublic: true,
};

// SPEC §5: number fields ignore the up/down arrows and the mouse wheel.
const numberGuards = {
  onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') e.preventDefault();
  },
  onWheel: (e: React.WheelEvent<HTMLInputElement>) => e.currentTarget.blur(),
};

type Props = { productId?: string; initial?: Values; initialImages?: ImageItem[] };

const screenOrder = ['category', 'productName', 'itemNo', 'description', 'pricePerUnit', 'totalUnits', 'link'] as const;

export function ProductForm({ productId, initial = emptyProduct, initialImages = [] }: Props) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const backToList = adminItemPaths('product').list(tabOf(params));
  const queryClient = useQueryClient();
  const [images, setImages] = useState<ImageItem[]>(initialImages);
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const [serverError, setServerError] = useState('');
  const inFlight = useRef(false);
  const {
    register,
    control,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<Values, unknown, Values>({
    defaultValues: initial,
    // Registration order is not screen order (the category Controller registers after the inputs).
    shouldFocusError: false,
    // The contract schema checks the form; its parsed output is not what the form keeps.
    resolver: zodResolver(productId ? productInput : createProductBody) as never,
  });

  const submit = handleSubmit(async (values) => {
    // SPEC §5: repeated submissions are ignored while one is in flight.
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError('');
    try {
      const input: CreateProductBody = { ...values, images: [] };
      const saved = await saveProduct({ id: productId, values: input, images }, setProgress);
      if (!saved.ok) {
        setServerError(saved.result.error || saved.result.message || '');
        toastFailure(saved.result);
        setProgress(null);
        return;
      }
      if (saved.placement) toastCreated(saved.placement, saved.message);
      else toast.success(saved.message);
      await queryClient.invalidateQueries({ queryKey: adminProductsKey() });
      navigate(backToList);
    } finally {
      inFlight.current = false;
    }
  }, focusFirstError);

  function focusFirstError(invalid: Partial<Record<keyof Values, unknown>>) {
    const first = screenOrder.find((name) => invalid[name]);
    if (first) setFocus(first);
  }

  const busy = progress !== null;
  return (
    <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-2">
      <fieldset disabled={busy} className="flex min-w-0 flex-col gap-4">
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <CategoryField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.category?.message}
            />
          )}
        />
        <Field label="Product Name" error={errors.productName?.message} {...register('productName')} />
        <Field label="Item No." error={errors.itemNo?.message} {...register('itemNo')} />
        <Field label="Description" rows={6} error={errors.description?.message} {...register('description')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Price per unit (₹)"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            error={errors.pricePerUnit?.message}
            {...numberGuards}
            {...register('pricePerUnit')}
          />
          <Field
            label="Total units"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            error={errors.totalUnits?.message}
            {...numberGuards}
            {...register('totalUnits')}
          />
        </div>
        <Field label="Link" type="url" placeholder="https://" error={errors.link?.message} {...register('link')} />
      </fieldset>
      <fieldset disabled={busy} className="flex min-w-0 flex-col gap-4">
        <Controller
          control={control}
          name="tags"
          render={({ field }) => <ChipInput label="Tags" lowercase values={field.value} onChange={field.onChange} />}
        />
        <Controller
          control={control}
          name="specifications"
          render={({ field }) => <ChipInput label="Specifications" values={field.value} onChange={field.onChange} />}
        />
        <Controller
          control={control}
          name="disclaimers"
          render={({ field }) => <ChipInput label="Disclaimers" values={field.value} onChange={field.onChange} />}
        />
        <ImagePicker items={images} onChange={setImages} disabled={busy} />
        {productId ? null : (
          <Controller
            control={control}
            name="isPublic"
            render={({ field }) => <VisibilityField noun="product" value={field.value ?? true} onChange={field.onChange} />}
          />
        )}
      </fieldset>
      <div className="flex flex-col gap-3 lg:col-span-2">
        {serverError ? (
          <p role="alert" className="rounded bg-red-50 p-3 text-red-800">
            {serverError}
          </p>
        ) : null}
        {progress ? <UploadProgress progress={progress} /> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" disabled={busy} onClick={() => navigate(backToList)} className="rounded border border-primary px-5 py-2">
            Cancel
          </button>
          <button type="submit" disabled={busy} className="rounded bg-primary px-5 py-2 font-semibold text-on-primary disabled:opacity-60">
            {busy ? 'Saving…' : productId ? 'Update Product' : 'Add Product'}
          </button>
        </div>
      </div>
    </form>
  );
}

function UploadProgress({ progress }: { progress: SaveProgress }) {
  const files = Object.entries(progress.files);
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <label className="flex items-center gap-3 text-sm">
        <span className="w-20">Saving</span>
        <progress max={100} value={progress.step} className="h-2 flex-1 accent-primary" />
        <span className="w-10 text-right">{progress.step}%</span>
      </label>
      {files.map(([name, percent], i) => (
        <label key={name} className="flex items-center gap-3 text-muted text-xs">
          <span className="w-20 truncate" title={name}>
            Image {i + 1}
          </span>
          <progress max={100} value={percent} className="h-1.5 flex-1" />
          <span className="w-10 text-right">{percent}%</span>
        </label>
      ))}
    </div>
  );
}
