import { encodePassword } from '@stashblog/contract/auth';
import { limits } from '@stashblog/contract/limits';
import type { PreSignedUrl } from '@stashblog/contract/products';
import { specTexts } from '@stashblog/contract/spec-texts';
import type { UpdateDetailsInput, UpdateDetailsResult } from '@stashblog/contract/users';
import { type ApiResult, api, isOk } from '../../lib/api-client';
import { toast } from '../../ui/toasts';
import { type ImageItem, imagesField } from '../products/product-images';
import { uploadFiles } from '../products/upload-file';

export type ProfileText = Omit<UpdateDetailsInput, 'logo' | 'banners' | 'images' | 'password'>;
export type ProfileImages = { logo: ImageItem[]; banners: ImageItem[]; images: ImageItem[] };
export type ProfileProgress = { step: number; files: { name: string; label: string; percent: number }[] };

const [stepStart, stepSaved, stepUploaded, stepDone] = limits.uploadProgressSteps;

/**
 * SPEC §7 updateDetails, then each new file PUT to its pre-signed url with progress. The overall bar
 * moves through SPEC §4's upload steps 10, 30, 70, 100.
 */
export async function saveProfile(
  { text, images, password }: { text: ProfileText; images: ProfileImages; password?: string },
  onProgress: (p: ProfileProgress) => void,
): Promise<{ ok: true; message: string } | { ok: false; result: ApiResult<unknown> }> {
  let files: ProfileProgress['files'] = [];
  const report = (step: number) => onProgress({ step, files: files.map((f) => ({ ...f })) });
  report(stepStart);
  // The form sends every field (an emptied one as '' or []); `password` only with a new email.
  const body: UpdateDetailsInput = {
    ...text,
    ...(password ? { password: encodePassword(password) } : {}),
    logo: imagesField(images.logo)[0] ?? '',
    banners: imagesField(images.banners),
    images: imagesField(images.images),
  };
  const result = await api<UpdateDetailsResult>('PUT', '/userAdmin/user/updateDetails', body);
  if (!isOk(result)) return { ok: false, result };
  report(stepSaved);

  const p = result.payload;
  const groups: [string, PreSignedUrl[], ImageItem[]][] = [
    ['Logo', p.logoPreSignedUrl ? [p.logoPreSignedUrl] : [], images.logo],
    ['Banner', p.newHomeBannersPreSignedUrls ?? [], images.banners],
    ['About us image', p.newAboutUsImagesPreSignedUrls ?? [], images.images],
  ];
  const uploads = groups.flatMap(([label, urls, items]) =>
    urls.flatMap((u, i) => {
      const item = items.find((it) => it.kind === 'new' && it.name === u.image);
      return item && item.kind === 'new' ? [{ ...u, blob: item.blob, label: `${label} ${i + 1}` }] : [];
    }),
  );
  if (uploads.length) {
    toast.info(specTexts.uploadingImages);
    files = uploads.map((u) => ({ name: u.image, label: u.label, percent: 0 }));
    report(stepSaved);
    try {
      await uploadFiles(
        uploads.map((u, i) => ({ ...u, index: i })),
        (u, percent) => {
          files[u.index].percent = percent;
          report(stepSaved);
        },
      );
    } catch (e) {
      return { ok: false, result: { error: e instanceof Error ? e.message : String(e) } };
    }
    report(stepUploaded);
    toast.success(specTexts.imagesUploaded);
  }
  report(stepDone);
  return { ok: true, message: result.message ?? '' };
}
