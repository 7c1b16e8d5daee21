import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/nakama/errors.ts';
import { renderPage } from '../../test/render.tsx';
import { DeleteAndLeaveDialog } from './delete-dialog.tsx';

const open = (remove: () => Promise<unknown>, onClose = vi.fn()) =>
  renderPage(
    <DeleteAndLeaveDialog title="Удалить запись?" pending={false} onClose={onClose} remove={remove} deleted="Запись удалена" failed="Не удалось удалить запись" leaveTo="/list">
      <p>Запись исчезнет навсегда.</p>
    </DeleteAndLeaveDialog>,
    '/item',
    '/item',
  );

describe('DeleteAndLeaveDialog', () => {
  it('Cancel closes without deleting', async () => {
    const remove = vi.fn(async () => undefined);
    const onClose = vi.fn();
    open(remove, onClose);
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
  });

  it('deletes, says so and leaves the page for the list', async () => {
    const { router } = open(async () => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(screen.getByText('Запись удалена')).toBeInTheDocument();
  });

  it('a failure keeps the page and says so in Russian', async () => {
    const { router } = open(() => Promise.reject(new ApiError(500, 13, 'internal')));
    await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Не удалось удалить запись')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/item');
  });
});
