import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/nakama/errors.ts';

const uploadFile = vi.fn();
vi.mock('../../lib/nakama/upload.ts', () => ({
  uploadFile: (...a: unknown[]) => uploadFile(...a),
  fileUrl: (id: string) => `/uploads/${id}`,
}));
const toWebpBase64 = vi.fn();
vi.mock('../lib/image.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/image.ts')>()),
  toWebpBase64: (...a: unknown[]) => toWebpBase64(...a),
}));

const { ImageUpload } = await import('./image-upload.tsx');
const { ImageError } = await import('../lib/image.ts');

const png = () => new File(['x'], 'a.png', { type: 'image/png' });

beforeEach(() => {
  uploadFile.mockReset();
  toWebpBase64.mockReset();
  toWebpBase64.mockResolvedValue('AAAA');
});

describe('image upload', () => {
  it('converts, uploads as image/webp and reports the file id', async () => {
    uploadFile.mockResolvedValue({ uuid: 'f-1' });
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    render(<ImageUpload label="Аватар" onUploaded={onUploaded} />);
    await user.upload(screen.getByLabelText('Аватар'), png());
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith('f-1'));
    expect(uploadFile).toHaveBeenCalledWith('AAAA', 'image/webp', expect.any(Function));
  });

  it('shows an image error, the server\'s refusal, or the failure text, and reports it', async () => {
    const onError = vi.fn();
    const user = userEvent.setup();
    render(<ImageUpload label="Аватар" onUploaded={vi.fn()} onError={onError} failedMessage="Не удалось загрузить аватар" />);
    const input = screen.getByLabelText('Аватар');

    toWebpBase64.mockRejectedValueOnce(new ImageError('Файл слишком большой (макс. 5MB)'));
    await user.upload(input, png());
    expect(await screen.findByRole('alert')).toHaveTextContent('Файл слишком большой (макс. 5MB)');

    uploadFile.mockRejectedValueOnce(new ApiError(400, 3, 'Файл пуст.'));
    await user.upload(input, png());
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Файл пуст.'));

    uploadFile.mockRejectedValueOnce(new ApiError(500, 13, 'File upload failed'));
    await user.upload(input, png());
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Не удалось загрузить аватар'));
    expect(onError.mock.calls.map((c) => c[0])).toEqual(['Файл слишком большой (макс. 5MB)', 'Файл пуст.', 'Не удалось загрузить аватар']);
  });

  it('takes several files at once with multiple, each with its own outcome', async () => {
    uploadFile.mockResolvedValueOnce({ uuid: 'f-1' }).mockRejectedValueOnce(new ApiError(400, 3, 'Файл пуст.')).mockResolvedValueOnce({ uuid: 'f-3' });
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    render(<ImageUpload label="Фотографии" multiple onUploaded={onUploaded} />);
    const files = ['a.png', 'b.png', 'c.png'].map((n) => new File(['x'], n, { type: 'image/png' }));
    await user.upload(screen.getByLabelText('Фотографии'), files);
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(2));
    expect(onUploaded.mock.calls.map((c) => c[0]).sort()).toEqual(['f-1', 'f-3']);
    expect(screen.getByText('b.png')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Файл пуст.');
    expect(screen.getAllByText('Загружено')).toHaveLength(2);
  });

  it('refuses what is not an image before uploading, with the message shown', async () => {
    const user = userEvent.setup({ applyAccept: false });
    toWebpBase64.mockImplementation(async (f: File) => (await importOriginalImage()).toWebpBase64(f));
    render(<ImageUpload label="Аватар" onUploaded={vi.fn()} />);
    await user.upload(screen.getByLabelText('Аватар'), new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Можно загружать только изображения');
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('with confirm, shows the new image and reports it only once saved; cancel keeps the old one', async () => {
    uploadFile.mockResolvedValue({ uuid: 'new-1' });
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    const { container } = render(<ImageUpload label="Аватар" value="old-1" confirm onUploaded={onUploaded} />);
    const preview = () => container.querySelector('img')!.getAttribute('src');
    expect(preview()).toBe('/uploads/old-1');
    await user.upload(screen.getByLabelText('Аватар'), png());
    await screen.findByText('Новое изображение ещё не сохранено');
    expect(preview()).toBe('/uploads/new-1');
    expect(onUploaded).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(preview()).toBe('/uploads/old-1');
    await user.upload(screen.getByLabelText('Аватар'), png());
    await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith('new-1'));
    expect(screen.queryByText('Новое изображение ещё не сохранено')).not.toBeInTheDocument();
  });
});

async function importOriginalImage() {
  return vi.importActual<typeof import('../lib/image.ts')>('../lib/image.ts');
}
