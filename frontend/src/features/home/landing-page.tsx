/** What a signed-out visitor sees at / (the full landing page comes later). Log In goes through /api/login (SPEC section 2). */
export function LandingPage() {
  return (
    <section className="hero" aria-labelledby="landing-title">
      <h1 id="landing-title">Join The Pool</h1>
      <p className="hero__lead">
        Pick three Premier League teams every matchweek, score points from their results and compete in three
        competitions at once: Overall, Survivor and Last 10.
      </p>
      <a href="/api/login" className="button button--primary">
        Log In
      </a>
    </section>
  );
}
