import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';
import type { ScenePlayer } from '../scene.ts';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));

// The real scene module (three.js) by default; a test may stand in for WebGL or the renderer.
const scene = vi.hoisted(() => ({
  webgl: undefined as boolean | undefined,
  mount: undefined as undefined | ((el: HTMLElement, players: ScenePlayer[]) => () => void),
}));
vi.mock('../scene.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../scene.ts')>();
  return {
    webglAvailable: () => scene.webgl ?? real.webglAvailable(),
    mountScene: (el: HTMLElement, players: ScenePlayer[]) => (scene.mount ?? real.mountScene)(el, players),
  };
});

const { Component: Locker3dPage } = await import('./locker-3d-page.tsx');

const formations = [
  { id: 'f1', teamId: 't1', name: 'default', isDefault: false },
  { id: 'f2', teamId: 't1', name: '4-4-2', isDefault: true },
];
const positions = [{ id: 'pos1', teamId: 't1', formationId: 'f2', playerId: 'p1', x: 0.25, y: 0.75 }];
const players = [{ id: 'tp1', player_id: 'p1', number: 9, field_role: 4, is_confirmed: true, player: { first_name: 'Иван', last_name: 'Голов' } }];

type Handler = (payload: Record<string, unknown>) => unknown;
function server(overrides: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    get_team: () => ({ id: 't1', name: 'Спартак', viewer: { is_member: true } }),
    list_team_formations: () => ({ formations }),
    list_team_player_positions: () => ({ positions }),
    list_team_players: () => ({ team_players: players }),
    ...overrides,
  };
  rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => (handlers[id] ? handlers[id](p) : {}));
}

const WEBGL_MISSING = 'Ваш браузер не поддерживает 3D-графику (WebGL).';
const open = () => renderPage(<Locker3dPage />, '/teams/t1/locker3d', '/teams/:teamId/locker3d');

beforeEach(() => {
  // jsdom has no ResizeObserver; the view's height is measured with one.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  rpc.mockReset();
  scene.webgl = undefined;
  scene.mount = undefined;
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('3D locker room', () => {
  it('shows a loading state, fetches the default formation and falls back to a message without WebGL (jsdom)', async () => {
    // jsdom has no canvas contexts (it would also say so on the console): no WebGL, as in an old browser.
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    let answerFormations!: () => void;
    server({ list_team_formations: () => new Promise((resolve) => (answerFormations = () => resolve({ formations }))) });
    open();
    expect(await screen.findByRole('status')).toHaveTextContent('Загрузка…');
    answerFormations();

    expect(await screen.findByText(WEBGL_MISSING, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('list_team_formations', { teamId: 't1' });
    expect(rpc).toHaveBeenCalledWith('list_team_player_positions', { teamId: 't1', formationId: 'f2' });
    expect(rpc).toHaveBeenCalledWith('list_team_players', expect.objectContaining({ team_ids: ['t1'], is_confirmed: true }));
    expect(screen.getByRole('heading', { name: 'Раздевалка 3D: 4-4-2' })).toBeInTheDocument();
    expect(getContext).toHaveBeenCalledWith('webgl2');
    expect(screen.getByTestId('locker3d')).toBeEmptyDOMElement();
    expect(screen.getByRole('link', { name: 'Вернуться к плоской схеме' })).toHaveAttribute('href', '/teams/t1/locker');
  });

  it('with WebGL, mounts the scene with the placed players and disposes it on leaving', async () => {
    const dispose = vi.fn();
    const mount = vi.fn((_el: HTMLElement, _players: ScenePlayer[]) => dispose);
    scene.webgl = true;
    scene.mount = mount;
    server();
    const { unmount } = open();
    await waitFor(() => expect(mount).toHaveBeenCalled());
    expect(mount).toHaveBeenCalledWith(screen.getByTestId('locker3d'), [{ x: 0.25, y: 0.75, number: 9, name: 'Голов' }]);
    expect(screen.getByText('Перетаскивайте поле мышью, чтобы вращать его; колесо — приближение.')).toBeInTheDocument();
    expect(screen.queryByText(WEBGL_MISSING)).not.toBeInTheDocument();
    unmount();
    expect(dispose).toHaveBeenCalled();
  });

  it('falls back to the message when the renderer cannot start although WebGL was detected', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    scene.webgl = true;
    scene.mount = () => {
      throw new Error('Error creating WebGL context.');
    };
    server();
    open();
    expect(await screen.findByText(WEBGL_MISSING)).toBeInTheDocument();
  });

  it('tells non-members the locker room is for the team only, without asking for it', async () => {
    server({ get_team: () => ({ id: 't1', viewer: { is_member: false } }) });
    open();
    expect(await screen.findByText('Раздевалка доступна только игрокам команды.')).toBeInTheDocument();
    expect(rpc.mock.calls.map((c) => c[0])).toEqual(['get_team']);
  });

  it('says the same when the server refuses a member who has just left', async () => {
    server({ list_team_formations: () => { throw new ApiError(403, 7, 'denied'); } });
    open();
    expect(await screen.findByText('Раздевалка доступна только игрокам команды.')).toBeInTheDocument();
  });

  it('says the locker room could not be loaded instead of spinning when the players fail to load', async () => {
    server({ list_team_players: () => { throw new Error('offline'); } });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить раздевалку');
  });
});
