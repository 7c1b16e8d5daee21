import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';

const rpc = vi.fn();
vi.mock('./rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));

const { downloadFile } = await import('./download.ts');

const metadata = { mime: 'image/webp', size: 3, width: 1, height: 1, create_time: '2025-01-01T00:00:00.000Z' };

beforeEach(() => {
  rpc.mockReset();
});

describe('downloadFile', () => {
  it('calls download_file with the uuid and returns content and metadata', async () => {
    rpc.mockResolvedValue({ content: 'UklG', metadata });
    await expect(downloadFile('f-1')).resolves.toEqual({ content: 'UklG', metadata });
    expect(rpc).toHaveBeenCalledWith('download_file', { uuid: 'f-1' });
  });

  it('accepts an empty file', async () => {
    rpc.mockResolvedValue({ content: '', metadata: { ...metadata, size: 0 } });
    await expect(downloadFile('f-1')).resolves.toMatchObject({ content: '' });
  });

  it.each([
    ['no content', { metadata }],
    ['no metadata', { content: 'UklG' }],
    ['neither', {}],
    ['an empty payload', null],
    ['content that is not text', { content: 42, metadata }],
    ['metadata that is not an object', { content: 'UklG', metadata: 'image/webp' }],
  ])('throws "Invalid file response" for an answer with %s', async (_, answer) => {
    rpc.mockResolvedValue(answer);
    const err = await downloadFile('f-1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Invalid file response');
  });

  it('throws "File download failed" when the call fails, keeping its status, code and cause', async () => {
    const cause = new ApiError(404, 5, 'Файл не найден.');
    rpc.mockRejectedValue(cause);
    const err = (await downloadFile('f-1').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('File download failed');
    expect(err.status).toBe(404);
    expect(err.code).toBe(5);
    expect(err.cause).toBe(cause);
  });

  it('throws "File download failed" on a network failure too', async () => {
    rpc.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(downloadFile('f-1')).rejects.toThrow('File download failed');
  });
});
