import { Link, useRouteError } from '../lib/router/index.tsx';
import { PageTitle } from '../shared/ui/index.tsx';
import { layoutMessages as m } from './messages.ts';

export function NotFound() {
  return (
    <section className="page narrow">
      <PageTitle>{m.notFoundTitle}</PageTitle>
      <p>{m.notFoundText}</p>
      <Link className="btn btn-primary" to="/">{m.toHome}</Link>
    </section>
  );
}

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <section className="page narrow">
      <PageTitle>{m.errorTitle}</PageTitle>
      <p>{m.errorText}</p>
      <Link className="btn btn-primary" to="/">{m.toHome}</Link>
    </section>
  );
}
