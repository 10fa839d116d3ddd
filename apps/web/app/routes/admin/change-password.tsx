import { ChangePasswordForm } from '../../features/settings/change-password-form';
import { SubPage } from '../../ui/sub-page';

export const meta = () => [{ title: 'Change Password | Admin' }];

export default function ChangePassword() {
  return (
    <SubPage parent={{ to: '/userAdmin/settings', label: 'Settings' }} title="Change Password" className="mx-auto max-w-md">
      <ChangePasswordForm />
    </SubPage>
  );
}
