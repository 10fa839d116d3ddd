import { MailList } from '../../features/platform/mail-list';

export const meta = () => [{ title: 'Mail | Platform Admin' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function PlatformMail() {
  return <MailList />;
}
