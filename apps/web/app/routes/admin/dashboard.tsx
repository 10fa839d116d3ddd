import type { SessionUser } from '@stashblog/contract/auth';
import { posterTexts } from '@stashblog/contract/posters';
import { useOutletContext } from 'react-router';
import { PosterDownload } from '../../features/admin/poster-download';
import { InsightsDashboard } from '../../features/dashboard/insights-dashboard';
import { SetupChecklist } from '../../features/onboarding/setup-checklist';

export const meta = () => [{ title: 'Dashboard | Admin' }];

export default function Dashboard() {
  const user = useOutletContext<SessionUser>();
  return (
    <section className="space-y-4">
      <h1 className="font-bold text-2xl">Dashboard</h1>
      <SetupChecklist />
      <InsightsDashboard user={user} />
      <PosterDownload target="store" title={posterTexts.storePosterTitle} hint={posterTexts.storePosterHint} />
    </section>
  );
}
