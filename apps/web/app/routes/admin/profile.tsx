import { endpoints } from '@stashblog/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { DomainSettings } from '../../features/domains/domain-settings';
import { ProfileForm } from '../../features/profile/profile-form';
import { userDetailsKey } from '../../features/settings/settings-tiles';
import { apiPayload } from '../../lib/api-client';

export const meta = () => [{ title: 'Profile | Admin' }];

export default function Profile() {
  const details = useQuery({
    queryKey: userDetailsKey,
    queryFn: () => apiPayload(endpoints.userAdminUser.fetchDetails),
    staleTime: 0,
  });
  return (
    <section className="mx-auto max-w-4xl space-y-6">
      <h1 className="font-bold text-2xl">Profile</h1>
      {details.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading profile" className="space-y-4">
          <div className="h-48 animate-pulse rounded-lg bg-surface" />
          <div className="h-32 animate-pulse rounded-lg bg-surface" />
        </div>
      ) : details.isError ? (
        <p role="alert" className="rounded bg-surface p-6 text-center">
          {details.error.message}
        </p>
      ) : (
        // SPEC §4: the page reloads after a successful save.
        <ProfileForm user={details.data.userData} onSaved={() => window.location.reload()} />
      )}
      <DomainSettings />
    </section>
  );
}
