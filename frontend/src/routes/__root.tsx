import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet, useRouterState } from '@tanstack/react-router';
import type { User } from '@treble/contracts';
import { useEffect, useRef } from 'react';
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

function RootLayout() {
  const { data: user, isPending } = useQuery(authUserQueryOptions());
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          <Link to="/" className="brand" aria-label="Treble home">
            <span className="brand__mark" aria-hidden="true">
              T
            </span>
            <span className="brand__name">Treble</span>
          </Link>
          {user ? <SignedInHeader user={user} /> : isPending ? null : <SignedOutHeader />}
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {/* SPEC section 9: one toast at a time, shown for 5 seconds. */}
      <Toaster position="top-center" visibleToasts={1} duration={5000} richColors closeButton />
    </div>
  );
}

/** Navigation exists only for signed-in users; admin items only for admins (SPEC section 2). */
/** SPEC section 2 "Navigation": every signed-in user's items, then the admins' own. */
const playerNav = [
  { to: '/', label: 'Dashboard', Icon: HomeIcon },
  { to: '/predictions', label: 'Picks', Icon: TargetIcon },
  { to: '/leaderboards', label: 'Leaderboards', Icon: TrophyIcon },
  { to: '/performance', label: 'Performance', Icon: ChartIcon },
  { to: '/history', label: 'History', Icon: ClockIcon },
  { to: '/prizes', label: 'Prizes', Icon: GiftIcon },
  { to: '/invite', label: 'Invite', Icon: UserPlusIcon },
] as const;
const adminNav = [
  { to: '/period-management', label: 'Periods', Icon: CalendarIcon },
  { to: '/admin', label: 'Admin', Icon: ShieldIcon },
] as const;

function SignedInHeader({ user }: { user: User }) {
  const nav = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // On a phone the bar scrolls sideways: keep the current page's item in view.
  useEffect(() => {
    nav.current?.querySelector('[data-status="active"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <>
      <nav ref={nav} className={`app-nav${user.isAdmin ? ' app-nav--admin' : ''}`} aria-label="Main">
        {[...playerNav, ...(user.isAdmin ? adminNav : [])].map(({ to, label, Icon }) => (
          <Link key={to} to={to} className="app-nav__link" activeOptions={{ exact: to === '/' }}>
            <Icon />
            {label}
          </Link>
        ))}
      </nav>
      <LiveIndicator />
      <UserMenu user={user} />
    </>
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
