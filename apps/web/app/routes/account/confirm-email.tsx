import { useSearchParams } from 'react-router';
import { AccountCard } from '../../features/auth/account-card';
import { ConfirmEmail } from '../../features/auth/confirm-email';

export const meta = () => [{ title: 'Confirm Email | StashBlog' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  return (
    <AccountCard title="Confirm your new sign-in email">
      <ConfirmEmail token={params.get('token') ?? ''} />
    </AccountCard>
  );
}
