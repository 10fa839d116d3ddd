import type { SessionUser } from '@stashblog/contract/auth';
import { Link, useOutletContext, useRevalidator } from 'react-router';
import { forgetOwner } from '../../features/admin/guard';
import { ThemePicker } from '../../features/settings/theme-picker';

export const meta = () => [{ title: 'Themes & Templates | Admin' }];

export default function Themes() {
  const user = useOutletContext<SessionUser>();
  const revalidator = useRevalidator();
  return (
    <section className="mx-auto max-w-4xl space-y-6">
      <div className="flex items-center gap-3">
        <Link to="/userAdmin/settings" className="underline">
          Settings
        </Link>
        <span aria-hidden="true">/</span>
        <h1 className="font-bold text-2xl">Themes &amp; Templates</h1>
      </div>
      <ThemePicker
        user={user}
        onSaved={() => {
          // The profile (theme, template) is fetched again, so the admin area and storage follow.
          forgetOwner();
          revalidator.revalidate();
        }}
      />
    </section>
  );
}
