import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';
import { newsItem } from '../test/fixtures.ts';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ userId: 'u-author' }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({ useAuthenticated: () => true, useSession: () => ({ status: 'ready', guest: false, session: { user_id: session.userId } }) }));
vi.mock('../components/news-editor.tsx', () => ({
  NewsEditor: ({ labelledBy, initialHtml, onChange }: { labelledBy: string; initialHtml: string; onChange(h: string): void }) => (
    <textarea aria-labelledby={labelledBy} defaultValue={initialHtml} onChange={(e) => onChange(e.target.value)} />
  ),
}));

const { Component: EditPage } = await import('./news-edit-page.tsx');

const NEWS = newsItem({ name: 'Победа в кубке', description: '<p>Было</p>', creator_id: 'u-author' });

beforeEach(() => {
  session.userId = 'u-author';
  rpc.mockReset();
  rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => {
    if (id === 'get_news') return NEWS;
    if (id === 'update_news') return { ...NEWS, name: p.name, description: p.description, is_public: p.is_public };
    return { news: [] };
  });
});

const open = () => renderPage(<EditPage />, `/news/${NEWS.id}/edit`, '/news/:id/edit');

describe('news edit', () => {
  it("saves the creator's new title, text and visibility and goes back to the item", async () => {
    const { router } = open();
    expect(await screen.findByLabelText('Заголовок')).toHaveValue('Победа в кубке');
    fireEvent.change(screen.getByLabelText('Заголовок'), { target: { value: 'Победа в кубке района' } });
    fireEvent.change(screen.getByLabelText('Текст новости'), { target: { value: '<p>Стало</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/news/${NEWS.id}`));
    expect(rpc).toHaveBeenCalledWith('update_news', { id: NEWS.id, name: 'Победа в кубке района', description: '<p>Стало</p>', is_public: true });
  });

  it("shows the server's refusal", async () => {
    open();
    await screen.findByLabelText('Заголовок');
    rpc.mockRejectedValueOnce(new ApiError(403, 7, 'Это может делать только автор новости.'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Это может делать только автор новости.');
  });

  it('offers no form to anyone but the creator', async () => {
    session.userId = 'u-other';
    open();
    expect(await screen.findByText('Изменять новость может только её автор.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Заголовок')).not.toBeInTheDocument();
  });
});
