import { useSearchParams } from 'react-router';
import { VerifyEmail } from '../../features/onboarding/verify-email';

export const meta = () => [{ title: 'Verify Email | StashBlog' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  return <VerifyEmail token={params.get('token') ?? ''} />;
}
