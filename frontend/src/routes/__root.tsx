import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet, useRouterState } from '@tanstack/react-router';
import type { User } from '@treble/contracts';
import { useEffect, useRef, useState } from 'react';
import { Toaster } from 'sonner';
import { authUserQueryOptions } from '../api/auth';
import { rulesQueryOptions } from '../api/rules';
import {
  CalendarIcon,
  ChartIcon,
  ClockIcon,
  GiftIcon,
  HomeIcon,
  ShieldIcon,
  TargetIcon,
  TrophyIcon,
  UserPlusIcon,
} from '../components/icons';
import { NotFoundPage } from '../components/not-found-page';
import { PoolGate, PoolSwitcher } from '../components/pool-switcher';
import { Sheet } from '../components/sheet';
import { UserMenu } from '../features/auth/user-menu';
import { LiveIndicator } from '../realtime/live-indicator';
import type { RouterContext } from '../router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page states the pool's rules: load them once, before the first page renders. Should the
  // call fail, pages fall back to the default rules (those of every unconfigured pool).
  loader: ({ context }) => context.queryClient.ensureQueryData(rulesQueryOptions()).catch(() => undefined),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

/**
 * Toasts sit at the bottom, clear of the header and its navigation; on a phone, above the bottom bar
 * (styles.css sets --toast-offset-bottom for each layout).
 */
const toastOffset = { bottom: 'var(--toast-offset-bottom)' };

function RootLayout() {
  const { data: user, isPending } = useQuery(authUserQueryOptions());
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={`app-header${user ? ' app-header--pools' : ''}`}>
        <div className="app-header__inner">
          <Link to="/" className="brand" aria-label="Treble home">
            <span className="brand__mark" aria-hidden="true">
              T
            </span>
            <span className="brand__name">Treble</span>
          </Link>
          {user && <PoolSwitcher />}
          {user ? <SignedInHeader user={user} /> : isPending ? null : <SignedOutHeader />}
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        {user ? (
          <PoolGate>
            <Outlet />
          </PoolGate>
        ) : (
          <Outlet />
        )}
      </main>
      {/* docs/rules.md, Screens: one toast at a time, shown for 5 seconds. */}
      <Toaster
        position="bottom-center"
        offset={toastOffset}
        mobileOffset={toastOffset}
        visibleToasts={1}
        duration={5000}
        richColors
        closeButton
      />
    </div>
  );
}

/** Navigation exists only for signed-in users; admin items only for admins (docs/rules.md, Screens). */
/** docs/rules.md, Screens "Navigation": every signed-in user's items, then the admins' own. */
const playerNav = [
  { to: '/', label: 'Dashboard', short: 'Home', Icon: HomeIcon },
  { to: '/predictions', label: 'Picks', Icon: TargetIcon },
  { to: '/leaderboards', label: 'Leaderboards', short: 'Tables', Icon: TrophyIcon },
  { to: '/history', label: 'History', Icon: ClockIcon },
  { to: '/performance', label: 'Performance', Icon: ChartIcon },
  { to: '/prizes', label: 'Prizes', Icon: GiftIcon },
  { to: '/invite', label: 'Invite', Icon: UserPlusIcon },
] as const;
const adminNav = [
  { to: '/period-management', label: 'Periods', Icon: CalendarIcon },
  { to: '/admin', label: 'Admin', Icon: ShieldIcon },
] as const;

/** On a phone the bottom bar holds the first four items and "More", which opens a sheet of the rest. */
const phoneBarSize = 4;

function SignedInHeader({ user }: { user: User }) {
  const nav = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [moreOpen, setMoreOpen] = useState(false);
  const items = [...playerNav, ...(user.isAdmin ? adminNav : [])];
  const extra = items.slice(phoneBarSize);
  const extraActive = extra.some(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  // A navigation closes the sheet.
  useEffect(() => setMoreOpen(false), [pathname]);
  return (
    <>
      <nav ref={nav} className={`app-nav${user.isAdmin ? ' app-nav--admin' : ''}`} aria-label="Main">
        {items.map((item, index) => (
          <Link
            key={item.to}
            to={item.to}
            className={`app-nav__link${index >= phoneBarSize ? ' app-nav__link--extra' : ''}`}
            activeOptions={{ exact: item.to === '/' }}
            aria-label={item.label}
          >
            <item.Icon />
            {'short' in item ? (
              <>
                {/* The phone's bottom bar has room for a short word; the link keeps its full name. */}
                <span className="app-nav__label">{item.label}</span>
                <span className="app-nav__short" aria-hidden="true">
                  {item.short}
                </span>
              </>
            ) : (
              item.label
            )}
          </Link>
        ))}
        <button
          type="button"
          className="app-nav__link app-nav__more"
          data-status={extraActive ? 'active' : undefined}
          aria-label={`More: ${extra.map((item) => item.label).join(', ')}`}
          aria-haspopup="dialog"
          aria-expanded={moreOpen}
          onClick={() => setMoreOpen(true)}
        >
          <MoreIcon />
          More
        </button>
        <Sheet
          open={moreOpen}
          onOpenChange={setMoreOpen}
          title="More"
          titleClassName="more-sheet__title"
          className="more-sheet"
        >
          <ul className="more-sheet__list">
            {extra.map(({ to, label, Icon }) => (
              <li key={to}>
                <Link to={to} className="more-sheet__link" onClick={() => setMoreOpen(false)}>
                  <Icon />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
          <button type="button" className="button more-sheet__close" onClick={() => setMoreOpen(false)}>
            Close
          </button>
        </Sheet>
      </nav>
      <LiveIndicator />
      <UserMenu user={user} />
    </>
  );
}

function MoreIcon() {
  return (
    <svg className="app-nav__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="19" cy="12" r="2" fill="currentColor" />
    </svg>
  );
}

function SignedOutHeader() {
  return (
    <div className="app-header__end">
      <a href="/api/login" className="button button--header">
        Log In
      </a>
    </div>
  );
}
