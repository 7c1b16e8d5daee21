// An edit form's buttons: Save (which says it is working while the change is on its way) and Cancel,
// back to where the form was opened from.
import { Link } from '../../lib/router/index.tsx';

interface Props {
  pending: boolean;
  /** Where Cancel goes: the page of what is being edited. */
  cancelTo: string;
  save?: string;
  saving?: string;
}

export function SaveOrCancel({ pending, cancelTo, save = 'Сохранить', saving = 'Сохранение…' }: Props) {
  return (
    <>
      <button type="submit" className="btn btn-primary" disabled={pending}>{pending ? saving : save}</button>
      <Link className="btn btn-ghost" to={cancelTo}>Отмена</Link>
    </>
  );
}
