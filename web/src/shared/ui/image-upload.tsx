// The one image field of the app: a drop zone with a "choose" button and the current image, checks
// (images only, 5 MB) with the spec's messages, conversion to WebP in the browser, upload with progress.
// One file replaces the preview; `multiple` takes several at once (photos), each with its own progress.
// With `confirm`, a new image waits for "Сохранить" before it is reported (avatars).
import { useId, useRef, useState, type DragEvent } from 'react';
import { fileUrl, uploadFile } from '../../lib/nakama/upload.ts';
import { apiErrorMessage } from '../lib/error-message.ts';
import { IMAGE_MESSAGES, toWebpBase64 } from '../lib/image.ts';
import { Button, Progress } from './index.tsx';
import './image-upload.css';

const TEXT = {
  choose: 'Выбрать файл',
  chooseMany: 'Выбрать файлы',
  drop: 'или перетащите сюда',
  dropMany: 'или перетащите сюда несколько',
  rules: 'JPEG, PNG, WebP или GIF, до 5 МБ',
  uploading: 'Загрузка изображения',
  done: 'Загружено',
  save: 'Сохранить',
  cancel: 'Отмена',
  pending: 'Новое изображение ещё не сохранено',
};

interface Props {
  label: string;
  /** The current image's file id, shown in the zone. */
  value?: string;
  /** The current image when it is not an uploaded file (a picture from Google). */
  imageUrl?: string;
  /** Called with the new file's id (with `multiple`, once per file; with `confirm`, once saved). */
  onUploaded(fileId: string): void | Promise<void>;
  /** After a choice of several files, how many went through and how many did not. */
  onFinished?(uploaded: number, failed: number): void;
  /** Where failures go besides the field (the spec has some logged as well). */
  onError?(message: string, error: unknown): void;
  /** The text of a failed upload that is not a refusal (network, server). */
  failedMessage?: string;
  /** How the preview is cut: a round avatar, a square or a wide cover. */
  shape?: 'round' | 'square' | 'wide';
  /** The picture shown while there is no image. */
  placeholder?: string;
  multiple?: boolean;
  confirm?: boolean;
  disabled?: boolean;
}

interface Upload {
  key: number;
  name: string;
  progress: number;
  error?: string;
  done?: boolean;
}

let nextKey = 1;

export function ImageUpload({
  label, value, imageUrl, onUploaded, onFinished, onError, failedMessage = IMAGE_MESSAGES.failed, shape = 'square', placeholder, multiple = false,
  confirm = false, disabled = false,
}: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [pending, setPending] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [over, setOver] = useState(false);
  const busy = uploads.some((u) => !u.done && !u.error) || saving;
  const shown = pending ?? value;
  const src = shown ? fileUrl(shown) : (imageUrl ?? placeholder ?? '/images/default-avatar.svg');

  const patch = (key: number, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function one(file: File, key: number): Promise<boolean> {
    try {
      const base64 = await toWebpBase64(file);
      const { uuid } = await uploadFile(base64, 'image/webp', (progress) => patch(key, { progress }));
      patch(key, { progress: 1, done: true });
      if (confirm) setPending(uuid);
      else await onUploaded(uuid);
      return true;
    } catch (err) {
      const message = apiErrorMessage(err, failedMessage);
      patch(key, { error: message });
      onError?.(message, err);
      return false;
    }
  }

  async function take(files: File[]) {
    const chosen = multiple ? files : files.slice(0, 1);
    if (!chosen.length || disabled) return;
    const started = chosen.map((f) => ({ key: nextKey++, name: f.name, progress: 0 }));
    // A new choice replaces what the last one left on screen.
    setUploads(started);
    setPending(undefined);
    const results = await Promise.all(chosen.map((f, i) => one(f, started[i].key)));
    if (input.current) input.current.value = '';
    const ok = results.filter(Boolean).length;
    onFinished?.(ok, results.length - ok);
  }

  async function save() {
    if (!pending) return;
    setSaving(true);
    try {
      await onUploaded(pending);
      setPending(undefined);
      setUploads([]);
    } catch (err) {
      const message = apiErrorMessage(err, failedMessage);
      setUploads([{ key: nextKey++, name: '', progress: 1, error: message }]);
      onError?.(message, err);
    } finally {
      setSaving(false);
    }
  }

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void take([...e.dataTransfer.files]);
  };

  return (
    <div className={`field upload upload-${shape}`}>
      <span className="field-label" id={`${id}-label`}>{label}</span>
      <div
        className={`upload-zone${over ? ' over' : ''}${disabled ? ' disabled' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        {!multiple && (
          <img className="upload-preview" src={src} alt="" />
        )}
        <div className="upload-actions">
          <Button variant="secondary" disabled={disabled || busy} onClick={() => input.current?.click()}>
            {multiple ? TEXT.chooseMany : TEXT.choose}
          </Button>
          <span className="muted">{multiple ? TEXT.dropMany : TEXT.drop}</span>
          <small className="muted">{TEXT.rules}</small>
        </div>
        <input
          ref={input}
          id={id}
          className="visually-hidden"
          type="file"
          accept="image/*"
          multiple={multiple}
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          disabled={disabled || busy}
          onChange={(e) => void take([...(e.target.files ?? [])])}
        />
      </div>
      {uploads.length > 0 && (
        <ul className="upload-list">
          {uploads.map((u) => (
            <li key={u.key}>
              {(multiple || uploads.length > 1) && <span className="upload-name">{u.name}</span>}
              {u.error ? (
                <small className="field-error" role="alert">{u.error}</small>
              ) : u.done ? (
                multiple && <small className="muted">{TEXT.done}</small>
              ) : (
                <Progress value={u.progress} label={TEXT.uploading} />
              )}
            </li>
          ))}
        </ul>
      )}
      {pending && (
        <div className="row upload-confirm">
          <small className="muted">{TEXT.pending}</small>
          <Button disabled={saving} onClick={() => void save()}>{TEXT.save}</Button>
          <Button variant="ghost" disabled={saving} onClick={() => { setPending(undefined); setUploads([]); }}>{TEXT.cancel}</Button>
        </div>
      )}
    </div>
  );
}
