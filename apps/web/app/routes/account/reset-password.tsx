import { useSearchParams } from 'react-router';
import { AccountCard } from '../../features/auth/account-card';
import { ResetPasswordForm } from '../../features/auth/reset-password-form';

export const meta = () => [{ title: 'Reset Password | StashBlog' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <AccountCard title="Choose a new password">
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </AccountCard>
  );
}
