import { endpoints, type InputOf } from '@stashblog/contract/endpoints';
import { type Notification, type NotificationFilter, notificationFilters } from '@stashblog/contract/notifications';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { formatRelativeTime } from '../../speed/format';
import { useConfirm } from '../../ui/modal';
import { TabPanel, Tabs, useTabIds } from '../../ui/tabs';
import { toast } from '../../ui/toasts';
import { useBusy } from '../../ui/use-busy';
import { notificationsKey, useNotificationPages } from './use-notifications';

const button = 'rounded border border-primary px-3 py-1.5 text-sm disabled:opacity-50';
const calls = endpoints.userAdminNotification;
type NotificationCall = typeof calls.markAsRead | typeof calls.markAllAsRead | typeof calls.delete | typeof calls.deleteAll;

/** SPEC Notifications: tabs All/New/Read, Mark All As Read, Delete All (confirmed), infinite scroll, relative time. */
export function NotificationsPage() {
  const [filter, setFilter] = useState<NotificationFilter>('All');
  const filterTabs = notificationFilters.map((f) => ({ value: f, label: f }));
  const tabIds = useTabIds(filterTabs, filter);
  const { data, isPending, error, fetchNextPage, hasNextPage, isFetchingNextPage } = useNotificationPages(filter);
  const queryClient = useQueryClient();
  const [confirm, dialog] = useConfirm();
  const { isBusy, run } = useBusy();
  const navigate = useNavigate();
  const sentinel = useRef<HTMLDivElement>(null);
  const items = data?.pages.flatMap((p) => p.notifications) ?? [];

  // Infinite scroll: the next page loads as the end of the list comes within 150 px.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const io = new IntersectionObserver((entries) => entries[0]?.isIntersecting && !isFetchingNextPage && fetchNextPage(), {
      rootMargin: '150px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsKey });
  async function call(endpoint: NotificationCall, args?: InputOf<NotificationCall>, warn = false) {
    const result = await api(endpoint, args);
    if (!isOk(result)) {
      toastFailure(result);
      return false;
    }
    if (warn) toast.warning(result.message);
    await refresh();
    return true;
  }

  async function open(n: Notification) {
    if (!n.isMarkedRead) await call(calls.markAsRead, { id: n._id });
    if (n.redirect) navigate(n.redirect);
  }

  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-2xl">Notifications</h1>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={button}
            onClick={async () => (await confirm(specTexts.confirmMarkAllRead)) && call(calls.markAllAsRead)}
          >
            Mark All As Read
          </button>
          <button
            type="button"
            className={button}
            onClick={async () => (await confirm(specTexts.confirmDeleteAllNotifications)) && call(calls.deleteAll, undefined, true)}
          >
            Delete All
          </button>
        </div>
      </div>
      <Tabs
        ids={tabIds}
        label="Notification filter"
        options={filterTabs}
        value={filter}
        onChange={setFilter}
        className="inline-flex rounded-lg bg-surface p-1"
      />
      <TabPanel ids={tabIds} className="space-y-6">
        {isPending ? (
          <p className="text-center text-muted">Loading notifications…</p>
        ) : error ? (
          <p role="alert">{error.message}</p>
        ) : items.length === 0 ? (
          <p className="rounded-lg bg-surface p-10 text-center">No notifications here.</p>
        ) : (
          <ul className="divide-y divide-black/10 rounded-lg border border-black/10">
            {items.map((n) => (
              <li key={n._id} className={`flex flex-wrap items-start gap-3 p-4 ${n.isMarkedRead ? '' : 'bg-surface'}`}>
                <button type="button" onClick={() => open(n)} className="min-w-0 flex-1 text-left">
                  <span className={`block break-words ${n.isMarkedRead ? '' : 'font-semibold'}`}>{n.notification}</span>
                  <time dateTime={n.createdAt} className="text-sm text-text/70">
                    {formatRelativeTime(n.createdAt)}
                  </time>
                </button>
                <div className="flex gap-2">
                  {n.isMarkedRead ? null : (
                    <button
                      type="button"
                      className={button}
                      disabled={isBusy(n._id)}
                      onClick={() => run(n._id, () => call(calls.markAsRead, { id: n._id }))}
                    >
                      Mark as read
                    </button>
                  )}
                  <button
                    type="button"
                    className={button}
                    disabled={isBusy(n._id)}
                    onClick={() => run(n._id, () => call(calls.delete, { id: n._id }, true))}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div ref={sentinel} aria-hidden="true" />
        {isFetchingNextPage ? <p className="text-center text-muted">Loading more…</p> : null}
      </TabPanel>
      {dialog}
    </section>
  );
}
