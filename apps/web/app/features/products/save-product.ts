import { endpoints } from '@stashblog/contract/endpoints';
import { limits } from '@stashblog/contract/limits';
import type { CreateProductBody, PreSignedUrl } from '@stashblog/contract/products';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { type Placement, visibilityTexts } from '@stashblog/contract/visibility-texts';
import { type ApiResult, api, isOk } from '../../lib/api-client';
import { toast } from '../../ui/toasts';
import { type ImageItem, imagesField } from './product-images';
import { uploadFiles } from './upload-file';

export type SaveProgress = { step: number; files: Record<string, number> };

const [stepStart, stepSaved, stepUploaded, stepDone] = limits.uploadProgressSteps;

/**
 * SPEC §7 create/update then upload: the API answers one pre-signed url per new file name; each file
 * is PUT there with progress. Progress moves through SPEC §4's steps 10, 30, 70, 100.
 */
export async function saveProduct(
  { id, values, images }: { id?: string; values: CreateProductBody; images: ImageItem[] },
  onProgress: (p: SaveProgress) => void,
): Promise<{ ok: true; message: string; placement?: Placement } | { ok: false; result: ApiResult<unknown> }> {
  const files: Record<string, number> = {};
  const report = (step: number) => onProgress({ step, files: { ...files } });
  report(stepStart);
  const body = { ...values, images: imagesField(images) };
  let urls: PreSignedUrl[];
  // The server's own success text, shown once all is saved; a new product's says where it went (decision 046).
  let message: string;
  let placement: Placement | undefined;
  if (id) {
    const { isPublic: _visibilityIsSetOnTheCard, ...fields } = body;
    const result = await api(endpoints.userAdminProducts.update, { ...fields, id });
    if (!isOk(result)) return { ok: false, result };
    urls = result.payload.newProductImagesPreSignedUrls ?? [];
    message = result.message ?? serverTexts.productUpdated;
  } else {
    const result = await api(endpoints.userAdminProducts.create, body);
    if (!isOk(result)) return { ok: false, result };
    urls = result.payload.productImagesPreSignedUrls ?? [];
    placement = result.payload.placement;
    message = result.message ?? visibilityTexts.created('product', placement);
  }
  report(stepSaved);

  const newFiles = images.filter((i): i is Extract<ImageItem, { kind: 'new' }> => i.kind === 'new');
  const uploads = urls.flatMap((u) => {
    const file = newFiles.find((f) => f.name === u.image);
    return file ? [{ ...u, blob: file.blob }] : [];
  });
  if (uploads.length) {
    toast.info(specTexts.uploadingImages);
    for (const u of uploads) files[u.image] = 0;
    report(stepSaved);
    try {
      await uploadFiles(uploads, (u, percent) => {
        files[u.image] = percent;
        report(stepSaved);
      });
    } catch (e) {
      return { ok: false, result: { error: e instanceof Error ? e.message : String(e) } };
    }
    report(stepUploaded);
    toast.success(specTexts.imagesUploaded);
  }
  report(stepDone);
  return { ok: true, message, placement };
}
