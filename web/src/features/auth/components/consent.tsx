// The personal-data consent every e-mail way in asks for, with links to the consent and the terms.
import { Link } from '../../../lib/router/index.tsx';
import { authMessages as m } from '../messages.ts';

export function Consent({ checked, error, onChange }: { checked: boolean; error: boolean; onChange(checked: boolean): void }) {
  return (
    <div className="stack consent">
      <label className="checkbox">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span>
          {m.consentLabel} (<Link to="/dataProcessingConsent">{m.consentDoc}</Link>, <Link to="/termsOfUse">{m.termsDoc}</Link>)
        </span>
      </label>
      {(error || !checked) && <small className={error ? 'field-error' : 'muted'}>{m.consentRequired}</small>}
    </div>
  );
}
