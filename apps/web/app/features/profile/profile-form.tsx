import { accountTexts } from '@stashblog/contract/auth';
import { displayNameMax, displayNameSchema, displayNameTexts } from '@stashblog/contract/business';
import { limits } from '@stashblog/contract/limits';
import { linkInvalid } from '@stashblog/contract/links';
import { specTexts } from '@stashblog/contract/spec-texts';
import { profileDetailsError, profileTexts, socialLinkFields, type UserDetails } from '@stashblog/contract/users';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { toastFailure } from '../../lib/api-client';
import { Field } from '../../ui/field';
import { toastFirstError } from '../../ui/form-errors';
import { toast } from '../../ui/toasts';
import { PasswordField } from '../auth/password-fields';
import type { ImageItem } from '../products/product-images';
import { ImageSlots } from './image-slots';
import { type ProfileImages, type ProfileProgress, type ProfileText, saveProfile } from './save-profile';

const existing = (urls: string[]): ImageItem[] => urls.map((url) => ({ key: url, kind: 'existing', url }));

function initialText(u: UserDetails): ProfileText {
  return {
    displayName: u.displayName,
    email: u.email,
    address: u.address,
    phoneNo: u.phoneNo,
    description: u.description,
    facebookLink: u.facebookLink,
    instagramLink: u.instagramLink,
    youtubeChannelLink: u.youtubeChannelLink,
    pinterestLink: u.pinterestLink,
    linkedInLink: u.linkedInLink,
    websiteLink: u.websiteLink,
  };
}

type ProfileValues = Required<{ [K in keyof ProfileText]: string }> & { password: string };
const trimmed = (v: ProfileValues) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x ?? '').trim()])) as ProfileValues;
const isNewEmail = (email: string, user: UserDetails) => email.trim() !== '' && email.trim().toLowerCase() !== user.email.toLowerCase();

// The field a SPEC §5 profile message is about, so it shows under that field and clears once it is corrected.
const fieldOf = (message: string): keyof ProfileValues => {
  const link = socialLinkFields.find(({ label }) => linkInvalid(label) === message);
  if (link) return link.key;
  if (message === displayNameTexts.required || message === displayNameTexts.tooLong(displayNameMax)) return 'displayName';
  if (message === specTexts.profileAddressRequired) return 'address';
  if (message === specTexts.profileContactRequired || message === specTexts.profileContactInvalid) return 'phoneNo';
  if (message === accountTexts.emailPasswordRequired) return 'password';
  return 'email';
};

const displayNameError = (v: string) => {
  const r = displayNameSchema.safeParse(v);
  return r.success ? null : (r.error.issues[0]?.message ?? displayNameTexts.required);
};

/**
 * The business name first (decision 047), the contract's profile check (one problem at a time, in SPEC order),
 * then the current password a new sign-in email needs.
 */
const profileResolver =
  (user: UserDetails): Resolver<ProfileValues> =>
  async (values) => {
    const t = trimmed(values);
    const message =
      displayNameError(t.displayName) ??
      profileDetailsError(t) ??
      (isNewEmail(t.email, user) && !t.password ? accountTexts.emailPasswordRequired : null);
    if (!message) return { values: t, errors: {} };
    return { values: {}, errors: { [fieldOf(message)]: { type: 'contract', message } } };
  };

const wide = { label: '16:9', value: 16 / 9 };
const square = { label: '1:1', value: 1 };

/** SPEC "Profile": Basic Info, Home Info, About Us Info; saved with uploads, then the page reloads. */
export function ProfileForm({ user, onSaved }: { user: UserDetails; onSaved: () => void }) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ProfileValues>({
    defaultValues: { ...(initialText(user) as ProfileValues), password: '' },
    resolver: profileResolver(user),
  });
  const [images, setImages] = useState<ProfileImages>(() => ({
    logo: user.logo ? existing([user.logo]) : [],
    banners: existing(user.banners),
    images: existing(user.images),
  }));
  const [serverError, setServerError] = useState('');
  const [progress, setProgress] = useState<ProfileProgress | null>(null);
  const busy = progress !== null;
  const blocked = user.isBlocked;
  // A new sign-in email needs the current password, and takes effect when its mailed link is opened.
  const newEmail = watch('email').trim().toLowerCase();
  const emailChanged = isNewEmail(newEmail, user);

  const phone = register('phoneNo');

  const submit = handleSubmit(async ({ password, ...t }) => {
    if (busy || blocked) return;
    setServerError('');
    const saved = await saveProfile({ text: t, images, password: emailChanged ? password : undefined }, setProgress);
    if (!saved.ok) {
      setProgress(null);
      setServerError(saved.result.error || saved.result.message || '');
      toastFailure(saved.result);
      return;
    }
    toast.success(saved.message || profileTexts.detailsUpdated);
    onSaved();
  }, toastFirstError);

  return (
    <form onSubmit={submit} noValidate className="space-y-8">
      {blocked ? (
        <p role="alert" className="rounded bg-red-50 p-3 text-red-800">
          {specTexts.userBlocked}
        </p>
      ) : null}
      <fieldset disabled={busy || blocked} className="space-y-8">
        <section aria-labelledby="basic-info" className="space-y-4 rounded-lg border border-black/10 p-4">
          <h2 id="basic-info" className="font-semibold text-lg">
            Basic Info
          </h2>
          <Field
            label={displayNameTexts.label}
            autoComplete="organization"
            maxLength={displayNameMax}
            error={errors.displayName?.message}
            hint={
              <p className="text-muted text-sm">
                Shown to visitors exactly as you write it. Your store's address stays /{user.businessName}.
              </p>
            }
            {...register('displayName')}
          />
          <ImageSlots
            label="Logo"
            max={1}
            aspect={square}
            thumbClass="aspect-square"
            items={images.logo}
            onChange={(logo) => setImages((i) => ({ ...i, logo }))}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
              {emailChanged ? (
                <div className="space-y-2 rounded border border-black/10 bg-surface p-3">
                  <p className="text-sm">
                    The email is also your sign-in email. To change it, enter your current password: we will mail a link to {newEmail}, and
                    the change takes effect when you open it.
                  </p>
                  <PasswordField
                    label="Current password"
                    autoComplete="current-password"
                    error={errors.password?.message}
                    {...register('password')}
                  />
                </div>
              ) : user.pendingEmail ? (
                <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm">
                  {accountTexts.emailPending(user.pendingEmail)}. Open the link we mailed there to make it your sign-in email.
                </p>
              ) : null}
            </div>
            <Field
              label="Contact number"
              type="text"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={limits.phoneLength}
              error={errors.phoneNo?.message}
              {...phone}
              onChange={(e) => {
                e.target.value = e.target.value.slice(0, limits.phoneLength);
                return phone.onChange(e);
              }}
            />
          </div>
          <Field label="Residential address" rows={3} error={errors.address?.message} {...register('address')} />
          <div className="grid gap-4 sm:grid-cols-2">
            {socialLinkFields.map(({ key, label }) => (
              <Field
                key={key}
                label={`${label} link`}
                type="url"
                inputMode="url"
                placeholder="https://"
                error={errors[key]?.message}
                {...register(key)}
              />
            ))}
          </div>
        </section>

        <section aria-labelledby="home-info" className="space-y-4 rounded-lg border border-black/10 p-4">
          <h2 id="home-info" className="font-semibold text-lg">
            Home Info
          </h2>
          <ImageSlots
            label="Banners"
            max={limits.maxBanners}
            aspect={wide}
            items={images.banners}
            onChange={(banners) => setImages((i) => ({ ...i, banners }))}
          />
        </section>

        <section aria-labelledby="about-info" className="space-y-4 rounded-lg border border-black/10 p-4">
          <h2 id="about-info" className="font-semibold text-lg">
            About Us Info
          </h2>
          <Field label="Description" rows={6} {...register('description')} />
          <ImageSlots
            label="About us images"
            max={limits.maxAboutUsImages}
            aspect={wide}
            items={images.images}
            onChange={(list) => setImages((i) => ({ ...i, images: list }))}
          />
        </section>
      </fieldset>

      {serverError ? (
        <p role="alert" className="text-red-700">
          {serverError}
        </p>
      ) : null}
      {progress ? <UploadProgress progress={progress} /> : null}
      {!blocked ? (
        <div className="flex justify-end">
          <button type="submit" disabled={busy} className="rounded bg-primary px-6 py-2 text-on-primary disabled:opacity-60">
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      ) : null}
    </form>
  );
}

function UploadProgress({ progress }: { progress: ProfileProgress }) {
  return (
    <div role="status" className="flex flex-col gap-2" aria-live="polite" aria-label="Upload progress">
      <label className="flex items-center gap-3 text-sm">
        <span className="w-28">Saving</span>
        <progress max={100} value={progress.step} className="h-2 flex-1 accent-primary" />
        <span className="w-10 text-right" data-testid="save-step">
          {progress.step}%
        </span>
      </label>
      {progress.files.map((f) => (
        <label key={f.name} className="flex items-center gap-3 text-muted text-xs">
          <span className="w-28 truncate">{f.label}</span>
          <progress max={100} value={f.percent} className="h-1.5 flex-1" />
          <span className="w-10 text-right">{f.percent}%</span>
        </label>
      ))}
    </div>
  );
}
