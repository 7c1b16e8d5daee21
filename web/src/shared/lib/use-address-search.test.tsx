import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { SEARCH_DEBOUNCE_MS, useAddressSearch } from './use-address-search.ts';

function Box() {
  const [draft, setDraft, term] = useAddressSearch();
  return (
    <>
      <input aria-label="Поиск" value={draft} onChange={(e) => setDraft(e.target.value)} />
      <output>{term}</output>
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useAddressSearch', () => {
  it('writes the trimmed term into the address only once typing pauses, and reads it back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderPage(<Box />, '/teams?type=1');
    await user.type(screen.getByLabelText('Поиск'), ' спар ');
    expect(router.state.location.search).toBe('?type=1');
    expect(screen.getByRole('status')).toHaveTextContent('');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('спар');
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('1');
    expect(screen.getByRole('status')).toHaveTextContent('спар');
    await user.clear(screen.getByLabelText('Поиск'));
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(router.state.location.search).toBe('?type=1');
  });
});
