import { displayTimeZone } from '../../lib/dates';

export function PeriodsHeader() {
  return (
    <header className="page-header">
      <h1 id="periods-title">Periods</h1>
      <p className="page-header__lead">
        The matchweeks of the season. Times are shown in your time zone ({displayTimeZone()}).
      </p>
    </header>
  );
}
