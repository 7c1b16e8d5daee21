import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { useAddressParams } from './use-address-params.ts';

function Filter() {
  const [params, set] = useAddressParams();
  return (
    <label>
      <input type="checkbox" checked={params.get('active') === 'true'} onChange={(e) => set('active', e.target.checked ? 'true' : undefined)} />
      Только активные
    </label>
  );
}

describe('useAddressParams', () => {
  it('a checkbox bound to the address is checked the moment it is clicked, and the address says so', async () => {
    const { router } = renderPage(<Filter />, '/broadcasts?tag=кубок', '/broadcasts');
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Только активные' });
    // A plain click, outside act(): nothing is left for a later render.
    box.click();
    expect(box.checked).toBe(true);
    expect(router.state.location.search).toBe(`?tag=${encodeURIComponent('кубок')}&active=true`);
    await act(async () => box.click());
    expect(box.checked).toBe(false);
    expect(router.state.location.search).toBe(`?tag=${encodeURIComponent('кубок')}`);
  });
});
