import { ApiError } from '../lib/api-client';

export interface PresignedPut {
  url: string;
  headers: Record<string, string>;
}

/**
 * PUTs a file body to a presigned URL (no API token: S3 checks the signature), for the model's files
 * (upload tickets) and the instances' parameter files alike. XMLHttpRequest rather than fetch because
 * only it reports upload progress. A refused or failed PUT rejects with an ApiError carrying the
 * status (0 for a network failure) and `failureMessage`; an abort through `signal` with an AbortError.
 */
export function putPresigned(
  target: PresignedPut,
  file: Blob,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal; failureMessage?: string } = {},
): Promise<void> {
  const { onProgress, signal, failureMessage } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', target.url);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new ApiError(xhr.status, undefined, failureMessage));
    xhr.onerror = () => reject(new ApiError(0, undefined, failureMessage));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
