import { AccountCard } from '../../features/auth/account-card';
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form';

export const meta = () => [{ title: 'Forgot Password | StashBlog' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function ForgotPasswordPage() {
  return (
    <AccountCard title="Forgot password">
      <ForgotPasswordForm />
    </AccountCard>
  );
}
