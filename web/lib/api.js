// The JSON API (docs/api.md) over fetch. Every error the server answers is
// {"error": {"status", "where", "what", "field", "message"}}; it is thrown as an ApiError (its
// message: the server's sentence about the input) and shown by showError. An error banner is
// cleared by the next request that changes something and succeeds: it is stale by then.
import { h } from './dom.js';

export class ApiError extends Error {
  constructor(status, where, what, sentence) {
    super(sentence || (where ? `${where}: ${what}` : what));
    this.status = status;
    this.where = where;  // the precise field ("body.args.count"), for tools and tests
    this.field = where;
    this.what = what;
  }
}

// `token`: a seat's or the creator's token in a game with remote seats (docs/api.md), sent as
// Authorization so that it never sits in a URL the server could log.
async function request(method, path, body, token = null) {
  const options = { method, headers: {} };
  if (token) options.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (err) {
    throw new ApiError(0, path, `the server cannot be reached (${err.message})`,
                       'The server cannot be reached: is warband serve (scripts/run.sh) still running?');
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(response.status, path, `the answer is not JSON: ${text.slice(0, 200)}`,
                         `The server answered something unexpected (HTTP ${response.status}).`);
    }
  }
  if (!response.ok) {
    const error = data?.error ?? {};
    throw new ApiError(error.status ?? response.status, error.field ?? error.where ?? path,
                       error.what ?? response.statusText, error.message);
  }
  if (method !== 'GET') clearErrors();
  return data;
}

export const api = {
  get: (path, { token } = {}) => request('GET', path, undefined, token),
  post: (path, body = {}, { token } = {}) => request('POST', path, body, token),
  put: (path, body) => request('PUT', path, body),
  del: (path, { token } = {}) => request('DELETE', path, undefined, token),
};

// Shows an error as a banner at the top of the page: the sentence a person reads (the field it is
// about kept in data-field), until closed, the next page, or the next successful change. `err` is
// an ApiError, another Error, or a sentence (a string).
// `after` adds what the page did about it ("reloaded").
export function showError(err, after = '') {
  const box = document.getElementById('messages');
  if (!box) return;
  const sentence = String(err?.message ?? err);
  const text = after ? `${sentence.replace(/\.$/, '')}: ${after}` : sentence;
  const banner = h('div', { class: 'banner error', role: 'alert', dataset: err instanceof ApiError ? { field: err.field ?? '' } : {} },
                   h('span', { class: 'what' }, text),
                   h('button', { class: 'close', title: 'Dismiss', onclick: () => banner.remove() }, '×'));
  box.append(banner);
  // A string is a problem with the input the page found itself; anything else unexpected is logged.
  if (!(err instanceof ApiError) && typeof err !== 'string') console.error(err);
}

// Removes the error banners (not other messages): called after a change succeeded.
export function clearErrors() {
  for (const banner of document.querySelectorAll('#messages .banner.error')) banner.remove();
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
