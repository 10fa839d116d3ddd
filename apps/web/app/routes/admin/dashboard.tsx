import type { SessionUser } from '@stashblog/contract/auth';
import { useOutletContext } from 'react-router';
import { SetupChecklist } from '../../features/onboarding/setup-checklist';

export const meta = () => [{ title: 'Dashboard | Admin' }];

export default function Dashboard() {
  const user = useOutletContext<SessionUser>();
  return (
    <section className="space-y-2">
      <h1 className="font-bold text-2xl">Dashboard</h1>
      <p className="text-muted">Welcome, {user.name}. Your dashboard is coming soon.</p>
      <SetupChecklist />
    </section>
  );
}
