// The JSON API with the player's token, and the campaign's live stream.

import { getLang } from './i18n.js';

let token = null;
try { token = localStorage.getItem('grimoire.token'); } catch { /* private mode */ }

export function getToken() { return token; }

export function setToken(t) {
  token = t;
  try {
    if (t) localStorage.setItem('grimoire.token', t); else localStorage.removeItem('grimoire.token');
  } catch { /* private mode */ }
}

/** An API failure: `code`, `rule` and `message` as the server sent them. */
export class ApiError extends Error {
  constructor(status, body) {
    const e = (body && body.error) || {};
    super(e.message || `HTTP ${status}`);
    this.status = status;
    this.code = e.code || (status === 0 ? 'network' : 'http');
    this.rule = e.rule || null;
  }
}

// Told when the token in use stops working (a 401 to a request that sent
// one): revoked on another device, or expired.
let onSignedOut = () => {};

/** Sets what happens when the server no longer takes the token in use. */
export function whenSignedOut(f) { onSignedOut = f; }

/** Calls the API; resolves to the JSON body or rejects with an ApiError. */
export async function call(method, path, body) {
  // The server words its error messages in the chosen language.
  const headers = { Accept: 'application/json', 'Accept-Language': getLang() };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, null);
  }
  const text = await res.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = null; }
  if (!res.ok) {
    const err = new ApiError(res.status, json);
    if (res.status === 401 && headers.Authorization) onSignedOut(err);
    throw err;
  }
  return json;
}

export const get = (p) => call('GET', p);
export const post = (p, b) => call('POST', p, b ?? {});
export const put = (p, b) => call('PUT', p, b ?? {});

export const enc = encodeURIComponent;

/**
 * Follows a campaign's server-sent events. EventSource cannot send the
 * Authorization header, so the stream is read with fetch; it reconnects
 * after a drop. Returns a function that stops it.
 */
export function follow(campaign, handlers) {
  return followPath(`/campaigns/${enc(campaign)}/events`, handlers);
}

/** The first wait before reconnecting, and the longest, in ms. */
const RETRY_FIRST = 1500;
const RETRY_MOST = 30_000;

/** How long to wait before reconnection number `n` (0, 1, ...): doubling
 *  from RETRY_FIRST up to RETRY_MOST, each wait between half and all of
 *  it at random, so tabs that lost the server together do not come back
 *  together; never sooner than the server's Retry-After. */
export function retryDelay(n, retryAfterSecs = 0) {
  const ceiling = Math.min(RETRY_MOST, RETRY_FIRST * 2 ** Math.min(n, 16));
  const wait = ceiling / 2 + Math.random() * (ceiling / 2);
  return Math.max(wait, retryAfterSecs * 1000);
}

/** A short tag of `t`, so each account's shared streams have names of
 *  their own without the token itself in them. */
function tokenTag(t) {
  let h = 0x811c9dc5;
  for (let i = 0; i < t.length; i += 1) h = Math.imul(h ^ t.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

/** Follows any server-sent event stream of the API (`/me/events`, a
 *  campaign's), as `ownStream` does, but once per browser: the server
 *  keeps a few streams per account (8), and a browser speaking HTTP/1.1
 *  opens at most 6 connections to a server, so tabs of one account
 *  following the same path share one stream. The tab holding the path's
 *  Web Lock reads it and passes each event and its state on through a
 *  BroadcastChannel; when that tab stops or closes, the lock goes to
 *  another that follows the path, which opens the stream itself.
 *  Without Web Locks or BroadcastChannel each tab reads its own. Returns
 *  a function that stops it. */
export function followPath(path, handlers) {
  const { onEvent, onState, onRefused = () => {} } = handlers;
  if (!token || typeof BroadcastChannel === 'undefined' || !(navigator.locks && navigator.locks.request)) {
    return ownStream(path, handlers);
  }
  const name = `grimoire.live:${tokenTag(token)}:${path}`;
  const channel = new BroadcastChannel(name);
  const quit = new AbortController();
  let stopOwn = null; // set while this tab reads the stream
  let release = null;
  let live = false;
  let closed = false;
  // The stream says it dropped once it is stopped, after the channel closed.
  const send = (m) => { if (!closed) channel.postMessage(m); };
  const setState = (up) => { live = up; onState(up); };
  channel.onmessage = (ev) => {
    const m = ev.data || {};
    if (stopOwn) {
      // A tab that has just begun to follow asks whether the stream is up.
      if (m.kind === 'hello') send({ kind: 'state', live });
      return;
    }
    if (m.kind === 'event') onEvent(m.name, m.data);
    else if (m.kind === 'state') setState(Boolean(m.live));
  };
  navigator.locks.request(name, { signal: quit.signal }, () => new Promise((resolve) => {
    release = resolve;
    if (quit.signal.aborted) { resolve(); return; }
    stopOwn = ownStream(path, {
      onEvent: (n, d) => { send({ kind: 'event', name: n, data: d }); onEvent(n, d); },
      onState: (up) => { send({ kind: 'state', live: up }); setState(up); },
      // Refused (403, 401): this tab stops, and the next one asks for itself.
      onRefused: (err) => { onRefused(err); resolve(); },
    });
  })).catch(() => { /* stopped while waiting for the lock */ });
  send({ kind: 'hello' });
  return () => {
    quit.abort();
    if (stopOwn) stopOwn();
    if (release) release();
    closed = true;
    channel.close();
  };
}

/** Follows one server-sent event stream in this tab alone; reconnects
 *  after a drop, backing off while it fails.
 *  A 401 or 403 is not retried: asking again with the same token cannot
 *  succeed (and wrong tokens count against the whole address), so the
 *  stream stops and `onRefused(ApiError)` says why. Returns a function
 *  that stops it. */
function ownStream(path, { onEvent, onState, onRefused = () => {} }) {
  let stopped = false;
  let ctrl = null;
  let failures = 0; // reconnections since the stream last said `ready`
  const run = async () => {
    while (!stopped) {
      ctrl = new AbortController();
      let retryAfter = 0;
      try {
        const res = await fetch(path, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          signal: ctrl.signal,
        });
        if (res.status === 401 || res.status === 403) {
          let json = null;
          try { json = await res.json(); } catch { json = null; }
          stopped = true;
          onState(false);
          const err = new ApiError(res.status, json);
          if (res.status === 401) onSignedOut(err);
          onRefused(err);
          return;
        }
        if (!res.ok || !res.body) {
          retryAfter = Number(res.headers.get('Retry-After')) || 0;
          throw new Error(`HTTP ${res.status}`);
        }
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let cut;
          while ((cut = buf.search(/\r?\n\r?\n/)) >= 0) {
            const block = buf.slice(0, cut);
            buf = buf.slice(cut).replace(/^\r?\n\r?\n/, '');
            let name = 'message';
            const data = [];
            for (const line of block.split(/\r?\n/)) {
              if (line.startsWith('event:')) name = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
            }
            if (name === 'ready') { onState(true); failures = 0; }
            if (!data.length) continue;
            let parsed = data.join('\n');
            try { parsed = JSON.parse(parsed); } catch { /* plain text */ }
            onEvent(name, parsed);
          }
        }
      } catch { /* dropped or stopped */ }
      onState(false);
      if (!stopped) await new Promise((r) => setTimeout(r, retryDelay(failures++, retryAfter)));
    }
  };
  run();
  return () => { stopped = true; if (ctrl) ctrl.abort(); };
}
