// A manager makes a join link (optionally expiring, optionally for a few players): its whole address is
// shown once, with a copy button, since the portal keeps only the token's hash.
import { useRef, useState } from 'react';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Button, SelectField } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useCreateLink } from '../api/create-team-invitation-link.ts';
import { rosterMessages as m } from '../messages.ts';

const EXPIRY_DAYS = [1, 7, 30];
const MAX_USES = [1, 5, 10, 25];

/** The address a join link opens: the team's join page with the token. */
const joinLinkUrl = (teamId: string, token: string, origin = window.location.origin) =>
  `${origin}/teams/${teamId}/join?token=${encodeURIComponent(token)}`;

export function JoinLink({ teamId }: { teamId: string }) {
  const [days, setDays] = useState(0);
  const [uses, setUses] = useState(0);
  const [url, setUrl] = useState<string>();
  const field = useRef<HTMLTextAreaElement>(null);
  const create = useCreateLink(teamId);
  const toast = useToast();

  const make = () =>
    create.mutate(
      { ...(days ? { expires_in_days: days } : {}), ...(uses ? { max_uses: uses } : {}) },
      {
        onSuccess: (link) => setUrl(joinLinkUrl(teamId, link.token)),
        onError: (err) => toast(apiErrorMessage(err, m.linkFailed), 'error'),
      },
    );

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast(m.copied, 'success');
    } catch {
      field.current?.select();
      toast(m.copyFailed, 'error');
    }
  }

  return (
    <div className="stack join-link">
      <h3>{m.joinLink}</h3>
      <p className="muted">{m.joinLinkLead}</p>
      <div className="join-link-options">
        <SelectField label={m.expiry} name="link-expiry" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          <option value={0}>{m.expiryNever}</option>
          {EXPIRY_DAYS.map((d) => <option key={d} value={d}>{m.expiryDays(d)}</option>)}
        </SelectField>
        <SelectField label={m.maxUses} name="link-uses" value={uses} onChange={(e) => setUses(Number(e.target.value))}>
          <option value={0}>{m.anyUses}</option>
          {MAX_USES.map((n) => <option key={n} value={n}>{n}</option>)}
        </SelectField>
      </div>
      <Button className="align-start" variant="secondary" disabled={create.isPending} onClick={make}>
        {create.isPending ? m.creatingLink : m.createLink}
      </Button>
      {url && (
        <div className="field new-link">
          <label htmlFor="new-join-link">{m.newLink}</label>
          <textarea
            id="new-join-link"
            className="new-link-url"
            ref={field}
            readOnly
            rows={3}
            value={url}
            aria-describedby="new-join-link-hint"
            onFocus={(e) => e.target.select()}
          />
          <Button className="align-start" onClick={() => void copy()}>{m.copy}</Button>
          <small id="new-join-link-hint" className="field-hint">{m.linkOnce}</small>
        </div>
      )}
    </div>
  );
}
