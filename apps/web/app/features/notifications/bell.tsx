import { badgeText } from '@stashblog/contract/notifications';
import { NavLink } from 'react-router';
import { useNewCount } from './use-notifications';

/** SPEC Navigation: a bell link to notifications with the new count ('99+' over 99), updated by polling. */
export function NotificationBell() {
  const { data } = useNewCount();
  const count = data?.total ?? 0;
  const label = count > 0 ? `Notifications, ${badgeText(count)} new` : 'Notifications';
  return (
    <NavLink
      to="/userAdmin/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex rounded p-2 hover:bg-on-primary/10"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {count > 0 ? (
        <span
          data-testid="bell-count"
          className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-600 px-1 text-center font-bold text-white text-xs leading-5"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </NavLink>
  );
}
