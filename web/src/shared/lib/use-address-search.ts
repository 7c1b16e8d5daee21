import { useEffect, useEffectEvent, useState } from 'react';
import { useAddressParams } from './use-address-params.ts';

/**
 * The pause after typing before a search is asked (and written into the address).
 * @internal
 */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box kept in the address (`?q=`): what is typed shows at once, and the address, so the search,
 * follows once typing pauses. The term is trimmed; an empty one leaves the address. When the address
 * changes from elsewhere (a link, Back) the box shows its term.
 */
export function useAddressSearch(name = 'q', ms = SEARCH_DEBOUNCE_MS): [draft: string, setDraft: (v: string) => void, term: string] {
  const [params, setParam] = useAddressParams();
  const term = (params.get(name) ?? '').trim();
  const [draft, setDraft] = useState(term);
  const [shown, setShown] = useState(term);
  if (term !== shown) {
    setShown(term);
    if (term !== draft.trim()) setDraft(term);
  }
  const write = useEffectEvent((value: string) => setParam(name, value || undefined));
  useEffect(() => {
    const next = draft.trim();
    if (next === term) return;
    const t = setTimeout(() => write(next), ms);
    return () => clearTimeout(t);
  }, [draft, term, ms]);
  return [draft, setDraft, term];
}
