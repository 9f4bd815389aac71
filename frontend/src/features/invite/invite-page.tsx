import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import {
  ErrorCodes,
  userDisplayName,
  type CommunityStats,
  type SendInviteFailure,
  type User,
  type UserStats,
} from '@treble/contracts';
import { Tabs } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { referralInvitationQueryOptions, sendInviteMutationOptions } from '../../api/admin';
import { authUserQueryOptions, registrationOptionsQueryOptions } from '../../api/auth';
import { communityStatsQueryOptions } from '../../api/community';
import { ApiError } from '../../api/http';
import { userStatsQueryOptions } from '../../api/standings';
import { mailtoInvite, openSharePopup, shareMessages, shareUrl, socialNetworks } from './share';
import { InvitePending } from './invite-pending';
import { RefreshNotice } from '../../components/refresh-notice';
import { usePoolRules } from '../../api/rules';
import { EmailAlertsLive } from './email-alerts-live';
import { MailTemplatesEditor } from './mail-templates-editor';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function copyText(text: string, title: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('No clipboard');
    await navigator.clipboard.writeText(text);
    toast.success(title);
  } catch {
    toast.error('Error', { description: 'Could not copy: select the text and copy it by hand.' });
  }
}

/**
 * The route's loader loads these queries (its pending and error components cover the first load);
 * a refresh that fails later keeps the page and says so.
 */
export function InvitePage() {
  const { data: user } = useSuspenseQuery(authUserQueryOptions());
  const community = useSuspenseQuery(communityStatsQueryOptions());
  const stats = useSuspenseQuery(userStatsQueryOptions());
  const registration = useSuspenseQuery(registrationOptionsQueryOptions(undefined));
  const referral = useSuspenseQuery(referralInvitationQueryOptions());
  // The route lets only a signed-in player in; signed out between two renders, the sign-in page follows.
  if (!user) return <InvitePending />;

  // The player's own reusable invitation: a friend who opens it can sign up, invite-only pool or not.
  const link = referral.data.url;

  return (
    <section className="page" aria-labelledby="invite-title">
      <header className="page-header">
        <h1 id="invite-title">Invite &amp; Grow</h1>
        <p className="page-header__lead">Bring your friends into the pool.</p>
      </header>
      <RefreshNotice queries={[community, stats, registration, referral]} />
      <CommunityCards stats={community.data} />

      <Tabs.Root defaultValue="social" className="tabs">
        <Tabs.List className="tabs__list tabs__list--scroll" aria-label="Invite tools">
          <Tabs.Trigger value="social" className="tabs__trigger">
            Social Share
          </Tabs.Trigger>
          <Tabs.Trigger value="referrals" className="tabs__trigger">
            Referrals
          </Tabs.Trigger>
          <Tabs.Trigger value="email" className="tabs__trigger">
            Email Alerts
          </Tabs.Trigger>
          <Tabs.Trigger value="tips" className="tabs__trigger">
            Growth Tips
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="social" className="panel">
          <SocialShare stats={stats.data} link={link} />
        </Tabs.Content>
        <Tabs.Content value="referrals" className="panel">
          <Referrals user={user} link={link} />
        </Tabs.Content>
        <Tabs.Content value="email" className="panel">
          {user.isAdmin ? (
            <EmailAlerts />
          ) : (
            <div className="empty-state">
              <h2>Admin Access Required</h2>
              <p>E-mail alerts are sent by the pool host.</p>
            </div>
          )}
        </Tabs.Content>
        <Tabs.Content value="tips" className="panel">
          <GrowthTips />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

function CommunityCards({ stats }: { stats: CommunityStats }) {
  const cards: [string, number, string][] = [
    ['Total Users', stats.totalUsers, 'Accounts in the pool'],
    ['This Week', stats.joinedThisWeek, 'Joined in the last 7 days'],
    ['Referrals', stats.invitationsUsed, 'Joined through an invitation'],
    ['Invitations Sent', stats.invitationsSent, 'Invitation links created'],
  ];
  return (
    <div className="stat-grid">
      {cards.map(([label, value, hint]) => (
        <div key={label} className="stat-tile" data-testid="stat-tile">
          <span className="stat-tile__label">{label}</span>
          <strong className="stat-tile__value">{value}</strong>
          <span className="muted stat-tile__hint">{hint}</span>
        </div>
      ))}
    </div>
  );
}

function SocialShare({ stats, link }: { stats: UserStats; link: string }) {
  const messages = shareMessages(stats, link, usePoolRules());
  return (
    <>
      <div className="button-row button-row--start">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void copyText(link, 'Link Copied!')}
        >
          Copy Link
        </button>
      </div>
      <ul className="share-grid">
        {messages.map((message) => {
          const disabled = message.disabledReason !== null;
          return (
            <li key={message.kind} className="share-card" data-testid={`share-${message.kind}`}>
              <h3>{message.title}</h3>
              {disabled ? (
                <p className="muted">{message.disabledReason}</p>
              ) : (
                <p className="share-card__text">{message.text}</p>
              )}
              <div className="button-row button-row--start">
                <button
                  type="button"
                  className="button"
                  disabled={disabled}
                  aria-label={`Copy: ${message.title}`}
                  onClick={() => void copyText(message.text, 'Copied to Clipboard!')}
                >
                  Copy
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={disabled}
                  aria-label={`Share on Twitter: ${message.title}`}
                  onClick={() => openSharePopup(shareUrl('Twitter', link, message.text))}
                >
                  Share on Twitter
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function Referrals({ user, link }: { user: User; link: string }) {
  const linkId = useId();
  const text = `Join our Premier League prediction pool on Treble!`;
  return (
    <>
      <h2>Your referral link</h2>
      <div className="link-box">
        <label className="field" htmlFor={linkId}>
          <span className="field__label">Referral link</span>
          <input id={linkId} readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        </label>
        <button type="button" className="button" onClick={() => void copyText(link, 'Link Copied!')}>
          Copy Link
        </button>
      </div>
      <p className="muted">
        This link is your own invitation: friends who open it can sign up and join the pool. Share it as often
        as you like; the pool's admins can withdraw it.
      </p>
      <h3>Share</h3>
      <div className="button-row button-row--start">
        {socialNetworks.map((network) => (
          <button
            key={network}
            type="button"
            className="button"
            aria-label={`Share on ${network}`}
            onClick={() => openSharePopup(shareUrl(network, link, text))}
          >
            {network}
          </button>
        ))}
      </div>
      {user.isAdmin ? <SendInviteForm /> : <MailtoInvite user={user} link={link} />}
    </>
  );
}

/** Players have no mail server behind them: their own e-mail app sends the invitation. */
function MailtoInvite({ user, link }: { user: User; link: string }) {
  const rules = usePoolRules();
  const inputId = useId();
  const [email, setEmail] = useState('');
  const valid = emailPattern.test(email.trim());
  return (
    <div className="form">
      <h3>Invite by e-mail</h3>
      <label className="field" htmlFor={inputId}>
        <span className="field__label">Friend's e-mail address</span>
        <input
          id={inputId}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      {valid ? (
        <a
          className="button button--primary"
          href={mailtoInvite(email.trim(), userDisplayName(user), link, rules)}
        >
          Write invitation e-mail
        </a>
      ) : (
        <p className="field__hint">Enter an e-mail address to write the invitation in your own e-mail app.</p>
      )}
    </div>
  );
}

/** Admins: the server mails a single-use invitation link (POST /api/send-invite). */
function SendInviteForm({ title = 'Invite by e-mail' }: { title?: string }) {
  const queryClient = useQueryClient();
  const send = useMutation(sendInviteMutationOptions(queryClient));
  const inputId = useId();
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [fallback, setFallback] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFallback(null);
    if (!emailPattern.test(email.trim())) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    send.mutate(email.trim(), {
      onSuccess: (answer) => {
        toast.success('Invite Sent!', { description: answer.message });
        setEmail('');
        void queryClient.invalidateQueries({ queryKey: communityStatsQueryOptions().queryKey });
      },
      onError: (error) => {
        // docs/rules.md, Screens, "Invite failure".
        const failure =
          error instanceof ApiError && error.code === ErrorCodes.EMAIL_UNAVAILABLE
            ? (error.body as SendInviteFailure)
            : null;
        const message =
          failure?.message ?? (error instanceof ApiError ? error.detail : 'Failed to send invitation');
        toast.error('Email Unavailable', {
          description: failure?.fallbackLink ? `${message}. Copy the direct link instead.` : message,
        });
        if (failure?.fallbackLink) setFallback(failure.fallbackLink);
      },
    });
  };
  return (
    <form className="form" onSubmit={submit} aria-labelledby={titleId} noValidate>
      <h3 id={titleId}>{title}</h3>
      <label className="field" htmlFor={inputId}>
        <span className="field__label">E-mail address</span>
        <input
          id={inputId}
          type="email"
          required
          autoComplete="off"
          aria-invalid={invalid || undefined}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      {invalid && (
        <p className="notice notice--error" role="alert">
          Enter a valid e-mail address.
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send Invite'}
      </button>
      {fallback && (
        <div className="link-box">
          <label className="field">
            <span className="field__label">Direct invitation link</span>
            <input readOnly value={fallback} />
          </label>
          <button type="button" className="button" onClick={() => void copyText(fallback, 'Link Copied!')}>
            Copy Link
          </button>
        </div>
      )}
    </form>
  );
}

function EmailAlerts() {
  return (
    <>
      <h2>Email Alerts</h2>
      <p className="muted">
        Treble e-mails invitations, a welcome, reminders before each deadline and the results of each
        matchweek itself (players choose what they receive on their Profile page), all written from the
        templates below.
      </p>
      <SendInviteForm title="Send an invitation e-mail" />
      <EmailAlertsLive />
      <MailTemplatesEditor />
    </>
  );
}

const tips: {
  title: string;
  text: string;
  effort: 'Low' | 'Medium' | 'High';
  impact: 'Low' | 'Medium' | 'High';
}[] = [
  {
    title: 'Share after every matchweek',
    text: 'Post your result when a period completes: a good score is the best advert for the pool.',
    effort: 'Low',
    impact: 'High',
  },
  {
    title: 'Start a group chat',
    text: 'A WhatsApp group for the pool keeps the banter going and reminds everyone to pick before kickoff.',
    effort: 'Low',
    impact: 'Medium',
  },
  {
    title: 'Invite your workmates',
    text: 'Office rivalries make the Last 10 run-in much more fun. Ask the host for invitation links.',
    effort: 'Medium',
    impact: 'High',
  },
  {
    title: 'Talk up Survivor',
    text: 'Survivor keeps every week tense, even for players far down the overall table.',
    effort: 'Low',
    impact: 'Medium',
  },
];

function GrowthTips() {
  return (
    <ul className="share-grid">
      {tips.map((tip) => (
        <li key={tip.title} className="share-card" data-testid="growth-tip">
          <h3>{tip.title}</h3>
          <p>{tip.text}</p>
          <p className="badges">
            <span className="badge badge--status-pending">Effort: {tip.effort}</span>
            <span className="badge badge--status-active">Impact: {tip.impact}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
