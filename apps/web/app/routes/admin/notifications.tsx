import { NotificationsPage } from '../../features/notifications/notifications-page';

export const meta = () => [{ title: 'Notifications | Admin' }];

export default function AdminNotifications() {
  return <NotificationsPage />;
}
