import { storePath } from '@stashblog/contract/paths';
import type { UserProfile } from '@stashblog/contract/users';
import { MediaImage } from '../../ui/media-image';

/** A business in the directory: logo, name, description, catalogue count; opens its storefront. */
export function ProfileCard({ profile }: { profile: UserProfile }) {
  const name = profile.displayName;
  return (
    <article className="group relative flex h-full flex-col items-center rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm transition hover:shadow-md">
      {profile.logo ? (
        <MediaImage src={profile.logo} alt="" width={80} height={80} sizes="80px" className="h-20 w-20 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-20 w-20 items-center justify-center rounded-full bg-indigo-600 font-bold text-3xl text-white uppercase"
        >
          {name.slice(0, 1)}
        </span>
      )}
      <h3 className="mt-3 font-semibold text-slate-900">
        <a href={storePath(profile.businessName, '/home')} className="after:absolute after:inset-0 focus-visible:outline-none">
          {name}
        </a>
      </h3>
      {profile.isPrimeUser ? (
        <span className="mt-1 rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-800 text-xs">Prime</span>
      ) : null}
      {profile.description ? <p className="mt-2 line-clamp-3 text-slate-600 text-sm">{profile.description}</p> : null}
      <p className="mt-auto pt-3 text-slate-500 text-xs">
        {profile.totalCatalogues} {profile.totalCatalogues === 1 ? 'catalogue' : 'catalogues'}
      </p>
    </article>
  );
}
