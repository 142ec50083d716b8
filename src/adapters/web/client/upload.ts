// A file sent to the API with upload progress. fetch reports no upload progress, so this one request goes through
// XMLHttpRequest; it keeps api.ts's rules: the stored token as Bearer, a 401 back to sign-in, errors as ApiError.
import { ApiError, apiErrorOf, parseJsonText } from './api.js';
import { clearToken, getToken, goToSignIn } from './session.js';

export interface UploadProgress {
  sent: number;
  total: number;
}

export interface UploadOptions {
  contentType: string;
  /** Called as the bytes leave; `sent === total` once the whole file is sent (the server is then reading it). */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborts the upload (a Cancel button); the promise then rejects with an ApiError `aborted`. */
  signal?: AbortSignal;
}

/** POSTs `file` as the body and resolves with the JSON answer. */
export function uploadFile<T>(url: string, file: Blob, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', options.contentType);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => options.onProgress?.({ sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.upload.onload = () => options.onProgress?.({ sent: file.size, total: file.size });
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The service cannot be reached. Check your connection and try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'The upload was cancelled.'));
    xhr.onload = () => {
      if (xhr.status === 401) {
        clearToken();
        reject(goToSignIn('expired'));
        return;
      }
      const body = parseJsonText(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(apiErrorOf({ status: xhr.status, statusText: xhr.statusText, retryAfter: xhr.getResponseHeader('Retry-After') }, body));
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
