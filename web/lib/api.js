// The JSON API (docs/api.md) over fetch. Every error the server answers is
// {"error": {"status", "where", "what"}}; it is thrown as an ApiError and shown by showError.
import { h } from './dom.js';

export class ApiError extends Error {
  constructor(status, where, what) {
    super(where ? `${where}: ${what}` : what);
    this.status = status;
    this.where = where;
    this.what = what;
  }
}

async function request(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (err) {
    throw new ApiError(0, path, `the server cannot be reached (${err.message}); is warband serve running?`);
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(response.status, path, `the answer is not JSON: ${text.slice(0, 200)}`);
    }
  }
  if (!response.ok) {
    const error = data?.error ?? {};
    throw new ApiError(error.status ?? response.status, error.where ?? path,
                       error.what ?? response.statusText);
  }
  return data;
}

export const api = {
  get: (path) => request('GET', path),
  post: (path, body = {}) => request('POST', path, body),
  put: (path, body) => request('PUT', path, body),
  del: (path) => request('DELETE', path),
};

// Shows an error as a banner at the top of the page (where, what), until closed or the next page.
export function showError(err) {
  const box = document.getElementById('messages');
  if (!box) return;
  const where = err instanceof ApiError ? err.where : '';
  const what = err instanceof ApiError ? err.what : String(err?.message ?? err);
  const banner = h('div', { class: 'banner error', role: 'alert' },
                   where ? h('code', { class: 'where' }, where) : null,
                   h('span', { class: 'what' }, what),
                   h('button', { class: 'close', title: 'Dismiss', onclick: () => banner.remove() }, '×'));
  box.append(banner);
  if (!(err instanceof ApiError)) console.error(err);
}

export function clearMessages() {
  document.getElementById('messages')?.replaceChildren();
}

// Runs an async action, showing its error; returns its result or undefined.
export async function attempt(action) {
  try {
    return await action();
  } catch (err) {
    showError(err);
    return undefined;
  }
}

// Cached GETs for lists that do not change while the page is open (rulesets, odds queries, builder
// operations).
const cache = new Map();
export function cached(path) {
  if (!cache.has(path)) {
    const promise = api.get(path);
    promise.catch(() => cache.delete(path));
    cache.set(path, promise);
  }
  return cache.get(path);
}
