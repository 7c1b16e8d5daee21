import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';

const upload = vi.fn();
vi.mock('../../../lib/nakama/upload.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/nakama/upload.ts')>()),
  uploadFile: (...a: unknown[]) => upload(...a),
}));
// The browser's checks stay; the conversion (no canvas here) gives a fixed picture.
vi.mock('../../../shared/lib/image.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../shared/lib/image.ts')>();
  return {
    ...actual,
    toWebpBase64: async (file: File) => {
      actual.checkImageFile(file);
      return 'AAAA';
    },
  };
});
// jsdom lays nothing out; ProseMirror asks where text is when it scrolls the selection into view.
Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();

const { NewsEditor } = await import('./news-editor.tsx');

const FILE = '00000000-0000-4000-8000-0000000000aa';
let html = '';
const open = (initial = '') => {
  html = initial;
  renderPage(
    <>
      <span id="label">Текст новости</span>
      <NewsEditor labelledBy="label" initialHtml={initial} onChange={(h) => (html = h)} />
    </>,
  );
  return screen.getByRole('textbox', { name: 'Текст новости' });
};

beforeEach(() => {
  upload.mockReset();
  upload.mockResolvedValue({ uuid: FILE });
});

describe('news editor', () => {
  it('has a toolbar of Russian buttons that say which styles are on', async () => {
    const user = userEvent.setup();
    open('<p>Счёт матча</p>');
    const toolbar = screen.getByRole('toolbar', { name: 'Оформление текста' });
    for (const name of ['Жирный', 'Курсив', 'Код в строке', 'Маркированный список', 'Нумерованный список', 'Цитата', 'Блок кода']) {
      expect(within(toolbar).getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(within(toolbar).getByRole('button', { name: 'Отменить' })).toBeDisabled();
    await user.click(within(toolbar).getByRole('button', { name: 'Цитата' }));
    await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Цитата' })).toHaveAttribute('aria-pressed', 'true'));
    // The editor's empty line after a last block is not part of the text.
    expect(html).toBe('<blockquote><p>Счёт матча</p></blockquote>');
    expect(within(toolbar).getByRole('button', { name: 'Отменить' })).toBeEnabled();
    await user.click(within(toolbar).getByRole('button', { name: 'Отменить' }));
    await waitFor(() => expect(html).toBe('<p>Счёт матча</p>'));
    expect(within(toolbar).getByRole('button', { name: 'Повторить' })).toBeEnabled();
    await user.click(within(toolbar).getByRole('button', { name: 'Блок кода' }));
    await waitFor(() => expect(html).toBe('<pre><code>Счёт матча</code></pre>'));
  });

  it('undoes 100 steps (ProseMirror trims its history once it passes 120)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.parse('2026-03-01T10:00:00Z');
      open('<p>Текст</p>');
      const quote = screen.getByRole('button', { name: 'Цитата' });
      const undo = screen.getByRole('button', { name: 'Отменить' });
      // 200 changes a second apart, each a step of its own.
      for (let i = 0; i < 200; i++) {
        vi.setSystemTime(start + i * 1000);
        fireEvent.click(quote);
      }
      let steps = 0;
      while (!(undo as HTMLButtonElement).disabled && steps < 200) {
        fireEvent.click(undo);
        steps++;
      }
      expect(steps).toBeGreaterThanOrEqual(100);
      expect(steps).toBeLessThanOrEqual(120);
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes changes less than 500 ms apart one step', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.parse('2026-03-01T10:00:00Z');
      open('<p>Текст</p>');
      const undo = screen.getByRole('button', { name: 'Отменить' });
      vi.setSystemTime(start);
      fireEvent.click(screen.getByRole('button', { name: 'Цитата' }));
      vi.setSystemTime(start + 300);
      fireEvent.click(screen.getByRole('button', { name: 'Цитата' }));
      vi.setSystemTime(start + 900);
      fireEvent.click(screen.getByRole('button', { name: 'Блок кода' }));
      expect(html).toBe('<pre><code>Текст</code></pre>');
      fireEvent.click(undo);
      expect(html).toBe('<p>Текст</p>');
      // The quote made and unmade 300 ms later go back together: no quote in between.
      fireEvent.click(undo);
      expect(html).toBe('<p>Текст</p>');
      expect(undo).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('inserts an uploaded picture as /uploads/<id> with its description', async () => {
    const user = userEvent.setup();
    open('<p>Текст</p>');
    await user.click(screen.getByRole('button', { name: 'Вставить изображение' }));
    const dialog = screen.getByRole('dialog', { name: 'Вставка изображения' });
    expect(within(dialog).getByRole('button', { name: 'Вставить' })).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('Изображение'), new File(['x'], 'goal.png', { type: 'image/png' }));
    await user.type(within(dialog).getByLabelText('Описание изображения'), 'Гол');
    await user.click(within(dialog).getByRole('button', { name: 'Вставить' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(html).toContain(`<img src="/uploads/${FILE}" alt="Гол">`);
  });

  it('refuses what is not an image or is over 5 MB with the spec\'s words, inserting nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open('<p>Текст</p>');
    await user.click(screen.getByRole('button', { name: 'Вставить изображение' }));
    const dialog = screen.getByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Изображение'), new File(['x'], 'a.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('Можно загружать только изображения')).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Изображение'), big);
    expect(await within(dialog).findByText('Файл слишком большой (макс. 5MB)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Вставить' })).toBeDisabled();
    expect(upload).not.toHaveBeenCalled();
  });
});
