// A fetch for uploads that reports how much of the body has gone out. `fetch` cannot (a request body's
// progress is not observable over HTTP/1.1), so where XMLHttpRequest exists (extension pages, Firefox's
// background page) the request goes through it and its upload progress is passed on; elsewhere (Chrome's
// service worker) it is a plain fetch, and the only progress is "sent" once the answer comes.
import type { FetchLike } from './buffered-fetch';

export type UploadProgress = (sent: number, total: number) => void;

export function uploadFetch(base: FetchLike, onProgress: UploadProgress | undefined): FetchLike {
  if (!onProgress || typeof XMLHttpRequest === 'undefined') return base;
  return (input, init) => xhrFetch(new Request(input, init), onProgress);
}

async function xhrFetch(request: Request, onProgress: UploadProgress): Promise<Response> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.responseType = 'arraybuffer';
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : (body?.size ?? 0));
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(xhr.status === 204 ? null : (xhr.response as ArrayBuffer), { status: xhr.status, headers }));
    };
    // A network failure, as fetch reports one: a TypeError, which the retry rules treat as such.
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.ontimeout = () => reject(new TypeError('Failed to fetch'));
    const abort = () => {
      xhr.abort();
      reject(request.signal.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    if (request.signal.aborted) return abort();
    request.signal.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}
