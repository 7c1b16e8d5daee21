// Choose an image, convert it to WebP in the browser, upload it with progress, report the file id.
import { useId, useState } from 'react';
import { ApiError } from '../../lib/nakama/errors.ts';
import { fileUrl, uploadFile } from '../../lib/nakama/upload.ts';
import { IMAGE_MESSAGES, ImageError, toWebpBase64 } from '../lib/image.ts';
import { Progress } from './index.tsx';

interface Props {
  label: string;
  /** The current image's file id, for the preview. */
  value?: string;
  onUploaded(fileId: string): void;
  /** Where errors go besides the field: the spec has some forms only log them. */
  onError?(message: string, error: unknown): void;
  failedMessage?: string;
  /** False where the spec has failures only logged (photo uploads): the field then shows only progress. */
  showError?: boolean;
}

export function ImageUpload({ label, value, onUploaded, onError, failedMessage = IMAGE_MESSAGES.failed, showError = true }: Props) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    setError(null);
    try {
      setProgress(0);
      const base64 = await toWebpBase64(file);
      const r = await uploadFile(base64, 'image/webp', setProgress);
      onUploaded(r.uuid);
    } catch (err) {
      const message =
        err instanceof ImageError ? err.message : err instanceof ApiError && err.status === 400 ? err.message : failedMessage;
      setError(message);
      onError?.(message, err);
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="field image-upload">
      <label htmlFor={id}>{label}</label>
      {value && <img className="image-upload-preview" src={fileUrl(value)} alt="" width={96} height={96} />}
      <input id={id} type="file" accept="image/*" disabled={progress !== null} onChange={(e) => void choose(e.target.files?.[0])} />
      {progress !== null && <Progress value={progress} label="Загрузка изображения" />}
      {error && showError && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
