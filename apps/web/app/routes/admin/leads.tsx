import type { SessionUser } from '@stashblog/contract/auth';
import { useOutletContext } from 'react-router';
import { AllLeads } from '../../features/leads/leads-list';

export const meta = () => [{ title: 'Leads | Admin' }];

/** /userAdmin/leads: SPEC "All Leads" (Products / Catalogues tabs). */
export default function AdminLeads() {
  const user = useOutletContext<SessionUser>();
  return <AllLeads displayName={user.displayName} />;
}
