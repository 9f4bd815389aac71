import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { describeSurvivorRule, describeUsageRule, type Competition, type Prize } from '@treble/contracts';
import { useState, type FormEvent } from 'react';
import { registrationOptionsQueryOptions } from '../../api/auth';
import { activePrizesQueryOptions } from '../../api/public-prizes';
import { usePoolRules } from '../../api/rules';
import { formatMoney, formatTotals } from '../prizes/money';

/** The token of an invitation link (`…/register?invite=TOKEN`), or the token itself when pasted bare. */
export function invitationToken(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  try {
    const url = new URL(trimmed);
    const token = url.searchParams.get('invite');
    return token && token.trim() !== '' ? token.trim() : null;
  } catch {
    return /^[A-Za-z0-9_-]{8,200}$/.test(trimmed) ? trimmed : null;
  }
}

/**
 * What a signed-out visitor sees at / (docs/rules.md, Screens "Landing page"): the hero, the three
 * competitions, how it works, the pool's real prizes, live updates and strategy, and two ways in:
 * Log In (to /api/login) and an invitation link for a newcomer.
 */
export function LandingPage() {
  const rules = usePoolRules();
  // A pool nobody has joined yet: its first account will run it.
  const firstAccount = useQuery(registrationOptionsQueryOptions(undefined)).data?.firstAccount === true;
  const last10 = rules.periodsPerSeason - rules.last10FirstPeriod + 1;
  const competitions: { id: Competition; title: string; text: string }[] = [
    {
      id: 'overall',
      title: 'Overall',
      text: `Every matchweek counts: the most points over all ${rules.periodsPerSeason} matchweeks wins.`,
    },
    {
      id: 'survivor',
      title: 'Survivor',
      text: `${describeSurvivorRule(rules)} The last player standing wins.`,
    },
    {
      id: 'last10',
      title: 'Last 10',
      text: `A fresh start for the run-in: the most points in matchweeks ${rules.last10FirstPeriod}-${rules.periodsPerSeason} (${last10} matchweeks).`,
    },
  ];
  const steps = [
    {
      title: `Choose ${rules.picksPerPeriod} teams`,
      text: `Every matchweek, pick ${rules.picksPerPeriod} Premier League teams you expect to do well. Picks lock at kickoff.`,
    },
    { title: 'Smart constraints', text: describeUsageRule(rules) },
    {
      title: 'Earn points',
      text: `A win scores ${rules.points.win}, a draw ${rules.points.draw}, a loss ${rules.points.loss}, as the results come in.`,
    },
    {
      title: 'Climb the leaderboards',
      text: 'Overall, Survivor and Last 10 standings move live while the matches are played.',
    },
  ];
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="landing-title">
        <h1 id="landing-title">Join The Pool</h1>
        <p className="hero__lead">
          Pick {rules.picksPerPeriod} Premier League teams every matchweek, score points from their results
          and compete in three competitions at once: Overall, Survivor and Last 10.
        </p>
        {firstAccount && (
          <p className="notice" role="status">
            This pool has no members yet: the account you create now will run it as its admin.
          </p>
        )}
        <div className="button-row button-row--start">
          {firstAccount && (
            <Link to="/register" className="button button--primary">
              Set up this pool
            </Link>
          )}
          <a href="/api/login" className={`button ${firstAccount ? 'button--ghost' : 'button--primary'}`}>
            Log In
          </a>
          <a href="#join" className="button button--ghost">
            I have an invitation
          </a>
        </div>
      </section>

      <section className="landing__section" aria-labelledby="competitions-title">
        <h2 id="competitions-title">Three Competitions</h2>
        <div className="landing__cards">
          {competitions.map((competition) => (
            <article key={competition.id} className="panel landing-card" data-testid="competition-card">
              <h3>{competition.title}</h3>
              <p>{competition.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="landing__section" aria-labelledby="how-title">
        <h2 id="how-title">How It Works</h2>
        <ol className="landing__steps">
          {steps.map((step, index) => (
            <li key={step.title} className="panel landing-step" data-testid="how-step">
              <span className="landing-step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <LandingPrizes />

      <div className="landing__cards landing__cards--two">
        <section className="panel" aria-labelledby="live-title">
          <h2 id="live-title">Live Updates</h2>
          <ul>
            <li>Results arrive as the matches finish; no refresh needed.</li>
            <li>Your picks show kickoff, the final score and the points they earned.</li>
            <li>Once picks lock, see who picked what across the pool.</li>
            <li>Standings and Survivor strikes move the moment a period is scored.</li>
          </ul>
        </section>
        <section className="panel" aria-labelledby="strategy-title">
          <h2 id="strategy-title">Strategy</h2>
          <ul>
            <li>Spread your picks: each team can be used at most {rules.maxUsesPerTeam} times.</li>
            <li>Plan ahead: picks for later matchweeks can be made now.</li>
            <li>Mind Survivor: a poor matchweek is a strike, whatever your total.</li>
            <li>Save strong teams for the Last 10 run-in.</li>
          </ul>
        </section>
      </div>

      <section className="panel landing__join" id="join" aria-labelledby="join-title">
        <h2 id="join-title">Get Started Today</h2>
        <p>Already in the pool? Log in. New here? Paste the invitation link a member or the host sent you.</p>
        <InvitationForm />
        <a href="/api/login" className="button button--primary">
          Log In
        </a>
      </section>
    </div>
  );
}

function InvitationForm() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = invitationToken(text);
    if (token === null) {
      setError('That is not an invitation link. It looks like https://…/register?invite=…');
      return;
    }
    void navigate({ to: '/register', search: { invite: token } });
  };
  return (
    <form className="invitation-form" onSubmit={submit} noValidate>
      <label htmlFor="invitation-link">Invitation link</label>
      <div className="invitation-form__row">
        <input
          id="invitation-link"
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder="https://…/register?invite=…"
          value={text}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? 'invitation-link-error' : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="button">
          Join with invitation
        </button>
      </div>
      {error && (
        <p id="invitation-link-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function LandingPrizes() {
  const prizes = useQuery(activePrizesQueryOptions());
  const active: Prize[] = (prizes.data ?? []).filter((prize) => prize.isActive);
  const titles: Record<Competition, string> = { overall: 'Overall', survivor: 'Survivor', last10: 'Last 10' };
  return (
    <section
      className="panel landing__prizes"
      aria-labelledby="landing-prizes-title"
      data-testid="landing-prizes"
    >
      <h2 id="landing-prizes-title">Prizes</h2>
      {prizes.isPending ? (
        <span className="skeleton skeleton--line" aria-hidden="true" />
      ) : active.length === 0 ? (
        <p className="muted">The host has not announced the prizes yet.</p>
      ) : (
        <>
          <p>
            Total prize pool: <strong>{formatTotals(active)}</strong>
          </p>
          <div className="landing__cards">
            {(['overall', 'survivor', 'last10'] as const).map((competition) => {
              const of = active.filter((prize) => prize.competition === competition);
              if (of.length === 0) return null;
              return (
                <div key={competition}>
                  <h3>{titles[competition]}</h3>
                  <ul>
                    {of.map((prize) => (
                      <li key={prize.id}>
                        {prize.position}: {formatMoney(prize.amount, prize.currency)}
                        {prize.description ? ` (${prize.description})` : ''}
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </div>
        </>
      )}
      <a href="/prizes" className="muted">
        See the prizes
      </a>
    </section>
  );
}
