import { Link } from 'react-router';
import { homeMessages as m } from './messages.ts';

export function HomePage() {
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
