import { AuditList } from '../../features/platform/audit-list';

export const meta = () => [{ title: 'Audit Log | Platform Admin' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function PlatformAudit() {
  return <AuditList />;
}
