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
  if (!res.ok) throw new ApiError(res.status, json);
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

/** Follows any server-sent event stream of the API (`/me/events`, a
 *  campaign's); reconnects after a drop. Returns a function that stops it. */
export function followPath(path, { onEvent, onState }) {
  let stopped = false;
  let ctrl = null;
  const run = async () => {
    while (!stopped) {
      ctrl = new AbortController();
      try {
        const res = await fetch(path, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          signal: ctrl.signal,
        });
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
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
            if (name === 'ready') onState(true);
            if (!data.length) continue;
            let parsed = data.join('\n');
            try { parsed = JSON.parse(parsed); } catch { /* plain text */ }
            onEvent(name, parsed);
          }
        }
      } catch { /* dropped or stopped */ }
      onState(false);
      if (!stopped) await new Promise((r) => setTimeout(r, 1500));
    }
  };
  run();
  return () => { stopped = true; if (ctrl) ctrl.abort(); };
}
