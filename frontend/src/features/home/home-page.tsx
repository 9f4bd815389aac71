import { Link } from '@tanstack/react-router';

/** A plain welcome; the full landing page and the signed-in dashboard come later. */
export function HomePage() {
  return (
    <section className="hero" aria-labelledby="home-title">
      <h1 id="home-title">Treble — Premier League prediction pool</h1>
      <p className="hero__lead">
        Pick three teams every matchweek, score points from their results and compete in three competitions at
        once: Overall, Survivor and Last 10.
      </p>
      <p>Updates arrive live: open pages refresh themselves when results change.</p>
      <Link to="/periods" className="button button--primary">
        View periods
      </Link>
    </section>
  );
}
