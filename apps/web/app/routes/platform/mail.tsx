import { JobsPanel } from '../../features/platform/jobs-panel';
import { MailList } from '../../features/platform/mail-list';

export const meta = () => [{ title: 'Mail | Platform Admin' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function PlatformMail() {
  return (
    <div className="space-y-10">
      <MailList />
      <JobsPanel />
    </div>
  );
}
