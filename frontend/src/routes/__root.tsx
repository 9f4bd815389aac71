import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { CalendarIcon, HomeIcon } from '../components/icons';
import { NotFoundPage } from '../components/not-found-page';
import { LiveIndicator } from '../realtime/live-indicator';
import type { RouterContext } from '../router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
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
          <nav className="app-nav" aria-label="Main">
            <Link to="/" className="app-nav__link" activeOptions={{ exact: true }}>
              <HomeIcon />
              Home
            </Link>
            <Link to="/periods" className="app-nav__link">
              <CalendarIcon />
              Periods
            </Link>
          </nav>
          <LiveIndicator />
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
