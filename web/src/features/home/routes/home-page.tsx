// The home page: separate blocks, one under another: the headline, what is on (the next matches,
// broadcasts, the nearest tournaments) and the latest news. «Купить билеты» leads to the matches.
// Its styles (../home.css) come with index.html's (src/main.tsx): home.html draws the headline first.
import { Link } from '../../../lib/router/index.tsx';
import { LatestNews } from '../components/latest-news.tsx';
import { Broadcasts, NearestTournaments, UpcomingMatches } from '../components/whats-on.tsx';
import { homeMessages as m } from '../messages.ts';

/** @internal The headline; also drawn before any script runs, from hero.html (a test keeps the two the same). */
export function Hero() {
  return (
    <section className="hero">
      <h1>{m.title}</h1>
      <p className="hero-subtitle">{m.subtitle}</p>
      <div className="hero-actions">
        <Link className="btn btn-primary" to="/tv-schedule">{m.tvSchedule}</Link>
        <Link className="btn btn-secondary" to="/matches">{m.buyTickets}</Link>
      </div>
    </section>
  );
}

export function HomePage() {
  return (
    <div className="home">
      <Hero />
      <UpcomingMatches />
      <Broadcasts />
      <NearestTournaments />
      <LatestNews />
    </div>
  );
}
