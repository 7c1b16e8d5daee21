// «Администрирование» in the header's menu: for site administrators only (the server says who).
import { NavLink } from 'react-router';
import { useAdminState } from '../shared/api/admin.ts';
import { useAuthenticated } from '../stores/session.ts';

export function AdminLink({ className }: { className?: string }) {
  const authenticated = useAuthenticated();
  const admin = useAdminState(authenticated);
  if (!authenticated || admin.data !== true) return null;
  return <NavLink className={className} to="/admin">Администрирование</NavLink>;
}
