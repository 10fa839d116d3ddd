import { themeCssVariables } from '@stashblog/contract/themes';
import { Outlet } from 'react-router';
import { AdminNav } from '../../features/admin/admin-nav';
import { requireOwner } from '../../features/admin/guard';
import { QueryProvider } from '../../ui/query-provider';
import type { Route } from './+types/layout';

// Admin pages render on the client: the token lives in localStorage (SPEC §3, DESIGN Tenancy).
export async function clientLoader() {
  const user = await requireOwner();
  return { user };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p className="p-8 text-center text-muted">Loading…</p>;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <QueryProvider>
      <div style={themeCssVariables(user.theme) as React.CSSProperties} className="min-h-screen bg-background text-text">
        <AdminNav user={user} />
        <main className="mx-auto max-w-7xl px-4 py-6">
          <Outlet context={user} />
        </main>
      </div>
    </QueryProvider>
  );
}
