import { PlatformSignIn } from '../../features/platform/platform-sign-in';

export const meta = () => [{ title: 'Sign In | Platform Admin' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function PlatformSignInPage() {
  return <PlatformSignIn />;
}
