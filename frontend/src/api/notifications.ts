import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  BroadcastRequest,
  BroadcastResult,
  MailTemplateKind,
  MailTemplateRequest,
  MailTemplateView,
  NotificationSettings,
  NotificationsOverview,
  PushKey,
  PushSubscriptionRequest,
  TimeZoneRequest,
} from '@treble/contracts';
import { requestJson, type FetchLike } from './http';

const settingsKey = ['notifications', 'settings'] as const;
const overviewKey = ['admin', 'notifications'] as const;

export function notificationSettingsQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) =>
      requestJson<NotificationSettings>('/api/notifications/settings', { signal, fetch }),
  });
}

export function saveNotificationSettingsMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['notifications', 'save'],
    mutationFn: (body: NotificationSettings) =>
      requestJson<NotificationSettings>('/api/notifications/settings', { method: 'PUT', body, fetch }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

/** The browser's time zone, kept by the server only when the player has none yet. */
export function adoptBrowserTimeZone(fetch?: FetchLike): Promise<void> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!timeZone) return Promise.resolve();
  return requestJson<void>('/api/notifications/time-zone', {
    method: 'PUT',
    body: { timeZone } satisfies TimeZoneRequest,
    fetch,
  }).catch(() => undefined);
}

export function pushKey(fetch?: FetchLike): Promise<PushKey> {
  return requestJson<PushKey>('/api/notifications/push/key', { fetch });
}

export function savePushSubscription(body: PushSubscriptionRequest, fetch?: FetchLike): Promise<void> {
  return requestJson<void>('/api/notifications/push/subscriptions', { method: 'POST', body, fetch });
}

export function notificationsOverviewQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: overviewKey,
    queryFn: ({ signal }) =>
      requestJson<NotificationsOverview>('/api/admin/notifications', { signal, fetch }),
  });
}

export function notificationPreviewQueryOptions(
  kind: 'reminder' | 'results',
  periodId: number | null,
  fetch?: FetchLike,
) {
  return queryOptions({
    queryKey: ['admin', 'notifications', 'preview', kind, periodId],
    enabled: periodId !== null,
    queryFn: ({ signal }) =>
      requestJson<{ subject: string; text: string; html: string }>(
        `/api/admin/notifications/preview?kind=${kind}&periodId=${periodId}`,
        { signal, fetch },
      ),
  });
}

export function broadcastMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'notifications', 'broadcast'],
    mutationFn: (body: BroadcastRequest) =>
      requestJson<BroadcastResult>('/api/admin/notifications/broadcast', { method: 'POST', body, fetch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overviewKey }),
  });
}

const templatesKey = ['admin', 'notifications', 'templates'] as const;

export function mailTemplatesQueryOptions(fetch?: FetchLike) {
  return queryOptions({
    queryKey: templatesKey,
    queryFn: ({ signal }) =>
      requestJson<MailTemplateView[]>('/api/admin/notifications/templates', { signal, fetch }),
  });
}

/** Saves (or, with `null`, resets) one template; the list and the previews follow. */
export function saveMailTemplateMutationOptions(queryClient: QueryClient, fetch?: FetchLike) {
  return mutationOptions({
    mutationKey: ['admin', 'notifications', 'templates', 'save'],
    mutationFn: ({ kind, template }: { kind: MailTemplateKind; template: MailTemplateRequest | null }) =>
      requestJson<MailTemplateView>(`/api/admin/notifications/templates/${kind}`, {
        method: template === null ? 'DELETE' : 'PUT',
        ...(template === null ? {} : { body: template }),
        fetch,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overviewKey }),
  });
}
