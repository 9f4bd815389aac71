import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BroadcastResult } from '@treble/contracts';
import { useId, useState, type FormEvent } from 'react';
import { MailFields } from './mail-fields';
import {
  broadcastMutationOptions,
  notificationPreviewQueryOptions,
  notificationsOverviewQueryOptions,
} from '../../api/notifications';
import { formatDate } from '../../lib/dates';
import { ErrorNotice, problem } from '../auth/form-controls';

const when = (iso: string) =>
  `${formatDate(iso)} ${new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;

/**
 * The Email Alerts tab made real (admins): the reminders that go out next and when, the log of what
 * was sent (to whom, when, delivered or the error), and a one-off message.
 */
export function EmailAlertsLive() {
  const overview = useQuery(notificationsOverviewQueryOptions());
  if (overview.isPending) return <p className="muted">Loading the notifications…</p>;
  if (overview.isError) return <ErrorNotice error={overview.error} />;
  const { upcoming, log, emailConfigured, reminderHours } = overview.data;
  return (
    <>
      {!emailConfigured && (
        <p className="notice" role="status">
          E-mail is not set up on this server (SMTP_URL): only push notifications go out.
        </p>
      )}
      <h3>Next to go out</h3>
      <p className="muted">
        Reminders go {reminderHours.map((h) => `${h} h`).join(' and ')} before a matchweek's first deadline,
        to active players with picks still open.
      </p>
      {upcoming.length === 0 ? (
        <p className="muted">No reminder is planned: no matchweek with an open deadline.</p>
      ) : (
        <ul className="notification-list" aria-label="Next to go out">
          {upcoming.map((item) => (
            <li key={`${item.periodId}-${item.slotHours}`}>
              <time dateTime={item.at}>{when(item.at)}</time>: {item.periodName} reminder ({item.slotHours} h
              before), to {item.recipients} player{item.recipients === 1 ? '' : 's'} as things stand
            </li>
          ))}
        </ul>
      )}
      <MessagePreview firstPeriodId={upcoming[0]?.periodId ?? null} />
      <BroadcastForm />
      <h3>Sent</h3>
      {log.length === 0 ? (
        <p className="muted">Nothing has been sent yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="notification-log" aria-label="Sent notifications">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">To</th>
                <th scope="col">What</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {log.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.sentAt}>{when(entry.sentAt)}</time>
                  </td>
                  <td>{entry.recipient}</td>
                  <td>
                    {entry.channel === 'email' ? 'E-mail' : 'Push'}: {entry.subject}
                  </td>
                  <td>{entry.status === 'delivered' ? 'Delivered' : `Error: ${entry.error ?? 'unknown'}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function BroadcastForm() {
  const queryClient = useQueryClient();
  const send = useMutation(broadcastMutationOptions(queryClient));
  const [audience, setAudience] = useState<'all' | 'not-picked'>('not-picked');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const ids = { audience: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ audience, subject, message });
  };
  return (
    <form className="form" onSubmit={submit} aria-labelledby={`${ids.audience}-title`}>
      <h3 id={`${ids.audience}-title`}>One-off message</h3>
      <label className="field" htmlFor={ids.audience}>
        <span className="field__label">To</span>
        <select
          id={ids.audience}
          className="select"
          value={audience}
          onChange={(e) => setAudience(e.target.value as 'all' | 'not-picked')}
        >
          <option value="not-picked">Players who have not picked this matchweek</option>
          <option value="all">All active players</option>
        </select>
      </label>
      <MailFields
        subject={subject}
        onSubject={setSubject}
        text={message}
        onText={setMessage}
        textLabel="Message"
        rows={4}
      />
      {send.isError && (
        <p className="notice notice--error" role="alert">
          {problem(send.error)}
        </p>
      )}
      {send.isSuccess && (
        <p className="notice" role="status">
          {broadcastSummary(send.data)}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        Send message
      </button>
    </form>
  );
}

const players = (count: number) => `${count} player${count === 1 ? '' : 's'}`;

/** What happened to a one-off message: sent, delivered, failed, and who it skipped and why. */
export function broadcastSummary(result: BroadcastResult): string {
  let text = `Sent to ${players(result.recipients)}: ${result.delivered} delivered${result.failed > 0 ? `, ${result.failed} failed` : ''}.`;
  const skipped = result.skipped ?? { turnedOff: 0, unreachable: 0 };
  const reasons = [
    skipped.turnedOff > 0 ? `${players(skipped.turnedOff)} turned off messages from the host` : null,
    skipped.unreachable > 0
      ? `${players(skipped.unreachable)} could not be reached (no e-mail on this server or no push in their browser)`
      : null,
  ].filter((reason) => reason !== null);
  if (reasons.length > 0) text += ` Skipped: ${reasons.join('; ')}.`;
  return text;
}

/** A reminder or results e-mail exactly as the server would write it to you, with real values. */
function MessagePreview({ firstPeriodId }: { firstPeriodId: number | null }) {
  const [kind, setKind] = useState<'reminder' | 'results'>('reminder');
  const [period, setPeriod] = useState(firstPeriodId === null ? '' : String(firstPeriodId));
  const periodId = /^\d{1,2}$/.test(period) ? Number(period) : null;
  const preview = useQuery(notificationPreviewQueryOptions(kind, periodId));
  const ids = { kind: useId(), period: useId() };
  return (
    <section aria-labelledby={`${ids.kind}-title`}>
      <h3 id={`${ids.kind}-title`}>Preview</h3>
      <div className="link-box">
        <label className="field" htmlFor={ids.kind}>
          <span className="field__label">Preview of</span>
          <select
            id={ids.kind}
            className="select"
            value={kind}
            onChange={(e) => setKind(e.target.value as 'reminder' | 'results')}
          >
            <option value="reminder">Reminder</option>
            <option value="results">Results digest</option>
          </select>
        </label>
        <label className="field" htmlFor={ids.period}>
          <span className="field__label">Matchweek</span>
          <input
            id={ids.period}
            inputMode="numeric"
            value={period}
            onChange={(e) => setPeriod(e.target.value)}
          />
        </label>
      </div>
      {preview.isError && <ErrorNotice error={preview.error} />}
      {preview.data && (
        <article className="email-preview" aria-label="Message preview">
          <p>
            <strong>Subject:</strong> {preview.data.subject}
          </p>
          <pre className="email-preview__body">{preview.data.text}</pre>
        </article>
      )}
    </section>
  );
}
