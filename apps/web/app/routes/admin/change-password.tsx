import { Link } from 'react-router';
import { ChangePasswordForm } from '../../features/settings/change-password-form';

export const meta = () => [{ title: 'Change Password | Admin' }];

export default function ChangePassword() {
  return (
    <section className="mx-auto max-w-md space-y-6">
      <div className="flex items-center gap-3">
        <Link to="/userAdmin/settings" className="underline">
          Settings
        </Link>
        <span aria-hidden="true">/</span>
        <h1 className="font-bold text-2xl">Change Password</h1>
      </div>
      <ChangePasswordForm />
    </section>
  );
}
