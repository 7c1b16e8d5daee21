// upload_file with upload progress: the same RPC the client would call, sent with XMLHttpRequest
// because fetch reports no upload progress.
import { ApiError } from './errors.ts';
import type { RpcInput, RpcOutput } from './rpc.ts';
import { sessionManager } from './session.ts';

type UploadResult = RpcOutput<'upload_file'>;

export async function uploadFile(base64: string, format: string, onProgress?: (fraction: number) => void): Promise<UploadResult> {
  const s = await sessionManager.current();
  const payload: RpcInput<'upload_file'> = { content: base64, format };
  const body = JSON.stringify(JSON.stringify(payload));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/v2/rpc/upload_file');
    xhr.setRequestHeader('Authorization', `Bearer ${s.token}`);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 14, 'File upload failed'));
    xhr.ontimeout = () => reject(new ApiError(0, 4, 'File upload failed'));
    xhr.onload = () => {
      let parsed: { payload?: string; message?: string; code?: number } = {};
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = {};
      }
      if (xhr.status !== 200) {
        reject(new ApiError(xhr.status, parsed.code ?? 2, parsed.message || 'File upload failed'));
        return;
      }
      try {
        const result = JSON.parse(parsed.payload ?? '') as UploadResult;
        if (!result.uuid) throw new Error('no uuid');
        onProgress?.(1);
        resolve(result);
      } catch {
        reject(new ApiError(xhr.status, 13, 'File upload failed'));
      }
    };
    xhr.timeout = 60_000;
    xhr.send(body);
  });
}

export { fileUrl } from './file-url.ts';
