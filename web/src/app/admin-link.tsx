// «Администрирование» in the header: for site administrators only (the server says who). On a wide
// screen it is a compact button beside the account (the main navigation has no room left); in the phone's
// menu it is a line of the menu.
import { NavLink } from '../lib/router/index.tsx';
import { useAdminState } from '../shared/api/admin.ts';
import { useAuthenticated } from '../stores/session.ts';

const LABEL = 'Администрирование';

export function AdminLink({ compact = false }: { compact?: boolean }) {
  const authenticated = useAuthenticated();
  const admin = useAdminState(authenticated);
  if (!authenticated || admin.data !== true) return null;
  if (!compact) return <NavLink to="/admin">{LABEL}</NavLink>;
  return (
    <NavLink className="btn btn-ghost header-admin desktop-only" to="/admin" aria-label={LABEL} title={LABEL}>
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
      </svg>
    </NavLink>
  );
}
