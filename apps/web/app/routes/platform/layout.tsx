import { Outlet } from 'react-router';
import { requirePlatformAdmin } from '../../features/platform/platform-guard';
import { PlatformNav } from '../../features/platform/platform-nav';
import { QueryProvider } from '../../ui/query-provider';
import type { Route } from './+types/layout';

// The platform console renders on the client, like the admin area (token in localStorage).
export async function clientLoader() {
  return { admin: await requirePlatformAdmin() };
}
clientLoader.hydrate = true as const;

export const meta = () => [{ name: 'robots', content: 'noindex, nofollow' }];

export function HydrateFallback() {
  return <p className="p-8 text-center text-muted">Loading…</p>;
}

export default function PlatformLayout({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider>
      <div className="min-h-screen bg-background text-text">
        <PlatformNav admin={loaderData.admin} />
        <main className="mx-auto max-w-7xl px-4 py-6">
          <Outlet />
        </main>
      </div>
    </QueryProvider>
  );
}
