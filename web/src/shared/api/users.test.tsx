import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const getUsers = vi.fn();
vi.mock('../../lib/nakama/client.ts', () => ({ client: { getUsers: (...a: unknown[]) => getUsers(...a) } }));
vi.mock('../../lib/nakama/session.ts', () => ({ sessionManager: { current: async () => ({ token: 't' }) } }));

const { useUsers } = await import('./users.ts');

function Names({ ids }: { ids: string[] }) {
  const users = useUsers(ids);
  return <p>{ids.map((id) => users[id]?.display_name ?? '?').join(', ')}</p>;
}

const PEOPLE: Record<string, string> = { a: 'Алексей', b: 'Мария', c: 'Игорь' };

beforeEach(() => {
  getUsers.mockReset();
  getUsers.mockImplementation(async (_s: unknown, ids: string[]) => ({ users: ids.filter((id) => PEOPLE[id]).map((id) => ({ id, display_name: PEOPLE[id] })) }));
});

const renderAll = (lists: string[][]) => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{lists.map((ids, i) => <Names key={i} ids={ids} />)}</QueryClientProvider>);
};

describe('useUsers', () => {
  it('fetches the ids several readers ask for at once in one call, each id once', async () => {
    renderAll([['a', 'b'], ['b', 'c', 'c', '']]);
    expect(await screen.findByText('Алексей, Мария')).toBeInTheDocument();
    expect(await screen.findByText('Мария, Игорь, Игорь, ?')).toBeInTheDocument();
    expect(getUsers).toHaveBeenCalledTimes(1);
    expect(getUsers.mock.calls[0][1].sort()).toEqual(['a', 'b', 'c']);
  });

  it('answers an unknown user with the id alone, and asks for more than 100 ids in calls of 100', async () => {
    const many = Array.from({ length: 150 }, (_, i) => `x${i}`);
    renderAll([['a', 'nobody'], many]);
    expect(await screen.findByText('Алексей, ?')).toBeInTheDocument();
    await vi.waitFor(() => expect(getUsers).toHaveBeenCalledTimes(2));
    expect(getUsers.mock.calls.map((c) => c[1].length).sort((x, y) => x - y)).toEqual([52, 100]);
  });
});
