import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@treble/contracts';
import { useState } from 'react';
import {
  notificationSettingsQueryOptions,
  pushKey,
  saveNotificationSettingsMutationOptions,
  savePushSubscription,
} from '../../api/notifications';
import { ErrorNotice, problem } from './form-controls';

/** Subscribes this browser with the pool's VAPID key, through the app's service worker (sw.js, which loads the push handler). */
async function enablePushInThisBrowser(): Promise<void> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) {
    throw new Error('This browser cannot receive push notifications.');
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new Error('Notifications are blocked for this site in the browser settings.');
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await pushKey();
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await savePushSubscription({ endpoint: json.endpoint, keys: json.keys });
}

const kinds = [
  { key: 'reminder', label: 'Reminders before the deadline' },
  { key: 'results', label: 'Results when a matchweek completes' },
  { key: 'announcement', label: 'Messages from the pool host' },
] as const;

/** Profile › Notifications: per kind and channel, and the time zone deadlines are shown in. */
export function NotificationSettingsPanel() {
  const settings = useQuery(notificationSettingsQueryOptions());
  return (
    <section className="panel" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      {settings.isPending ? (
        <p className="muted">Loading…</p>
      ) : settings.isError ? (
        <ErrorNotice error={settings.error} />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </section>
  );
}

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const queryClient = useQueryClient();
  const save = useMutation(saveNotificationSettingsMutationOptions(queryClient));
  const [pushState, setPushState] = useState<string | null>(null);
  const change = (kind: (typeof kinds)[number]['key'], channel: 'email' | 'push', value: boolean) =>
    save.mutate({ ...settings, [kind]: { ...settings[kind], [channel]: value } });
  return (
    <div className="form">
      <table className="notification-table">
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">E-mail</th>
            <th scope="col">Push</th>
          </tr>
        </thead>
        <tbody>
          {kinds.map(({ key, label }) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              {(['email', 'push'] as const).map((channel) => (
                <td key={channel}>
                  <input
                    type="checkbox"
                    aria-label={`${label} by ${channel === 'email' ? 'e-mail' : 'push'}`}
                    checked={settings[key][channel]}
                    disabled={save.isPending}
                    onChange={(event) => change(key, channel, event.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">Deadlines are shown in {settings.timeZone ?? 'UTC'}.</p>
      <ErrorNotice error={save.error} />
      <button
        type="button"
        className="button"
        onClick={() =>
          void enablePushInThisBrowser().then(
            () => setPushState('Push notifications are on for this browser.'),
            (error: Error) => setPushState(problem(error)),
          )
        }
      >
        Get push notifications in this browser
      </button>
      {pushState && (
        <p className="notice" role="status">
          {pushState}
        </p>
      )}
    </div>
  );
}
