// Images are checked and converted to WebP (quality 0.8) in the browser before upload.

/** @internal */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const WEBP_QUALITY = 0.8;

export class ImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageError';
  }
}

export const IMAGE_MESSAGES = {
  tooLarge: 'Файл слишком большой (макс. 5MB)',
  notImage: 'Можно загружать только изображения',
  failed: 'Не удалось загрузить изображение',
} as const;

/**
 * Throws ImageError with the spec's message when the file is not an image or is over 5 MB.
 * @internal
 */
export function checkImageFile(file: File): void {
  if (!file.type.startsWith('image/')) throw new ImageError(IMAGE_MESSAGES.notImage);
  if (file.size > MAX_UPLOAD_BYTES) throw new ImageError(IMAGE_MESSAGES.tooLarge);
}

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new ImageError('Не удалось прочитать изображение'));
    };
    img.src = url;
  });
}

/** The image as WebP, base64 without the data: prefix. */
export async function toWebpBase64(file: File): Promise<string> {
  checkImageFile(file);
  const img = await loadImage(file);
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new ImageError('Не удалось подготовить изображение (canvas недоступен)');
  ctx.drawImage(img, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', WEBP_QUALITY));
  if (!blob) throw new ImageError('Не удалось преобразовать изображение в WebP');
  if (blob.size > MAX_UPLOAD_BYTES) throw new ImageError(IMAGE_MESSAGES.tooLarge);
  const buffer = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < buffer.length; i += 0x8000) binary += String.fromCharCode(...buffer.subarray(i, i + 0x8000));
  return btoa(binary);
}
