import { endpoints } from '@stashblog/contract/endpoints';
import { limits } from '@stashblog/contract/limits';
import type { NotificationFilter } from '@stashblog/contract/notifications';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiPayload } from '../../lib/api-client';

export const notificationsKey = ['notifications'] as const;
/** How often the bell asks for the new count (it also asks when the window regains focus). */
export const bellPollMs = 10_000;

/** The owner's new (unread) notification count, kept fresh without a reload. */
export function useNewCount() {
  return useQuery({
    queryKey: [...notificationsKey, 'count'],
    queryFn: () => apiPayload(endpoints.userAdminNotification.count),
    refetchInterval: bellPollMs,
    refetchOnWindowFocus: true,
  });
}

/** SPEC Notifications: 15 per page, loaded page by page while page <= total pages. */
export function useNotificationPages(filter: NotificationFilter) {
  return useInfiniteQuery({
    queryKey: [...notificationsKey, 'list', filter],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      apiPayload(endpoints.userAdminNotification.fetchAll, {
        pageNo: pageParam,
        perPage: limits.notificationsPage,
        filter,
      }),
    getNextPageParam: (last, pages) => (pages.length * limits.notificationsPage < last.total ? pages.length + 1 : undefined),
  });
}
