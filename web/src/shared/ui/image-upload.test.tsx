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

  it('shows an image error, the server\'s 400 message, or the failure text, and reports it', async () => {
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

  it('shows nothing with showError={false}, only reporting the failure', async () => {
    const onError = vi.fn();
    const user = userEvent.setup();
    render(<ImageUpload label="Аватар" onUploaded={vi.fn()} onError={onError} showError={false} />);
    toWebpBase64.mockRejectedValueOnce(new ImageError('Файл слишком большой (макс. 5MB)'));
    await user.upload(screen.getByLabelText('Аватар'), png());
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith('Файл слишком большой (макс. 5MB)', expect.any(ImageError)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Файл слишком большой (макс. 5MB)')).not.toBeInTheDocument();
  });
});
