// Sign-in tokens a person manages: the live ones listed (never their
// secrets), a new one shown once with a Copy button, any of them revoked.
// Logging out revokes the token in use, so a copy of it left behind on a
// shared device no longer signs anyone in.

import { call, get, post, enc } from './api.js';
import { t, getLang } from './i18n.js';
import { $, h } from './dom.js';

let hooks = { errorText: (e) => e.message, loggedOut: () => {} };

/** A Unix time as a date and time in the chosen language. */
function when(secs) {
  return new Date(secs * 1000).toLocaleString(getLang() === 'cs' ? 'cs-CZ' : 'en-GB', {
    dateStyle: 'medium', timeStyle: 'short',
  });
}

function showError(e) { $('#token-error').textContent = e ? hooks.errorText(e) : ''; }

/** Revokes the token this page signs in with; a token already gone is fine. */
export async function revokeCurrent() {
  try { await call('DELETE', '/me/tokens/current'); } catch { /* already revoked or expired */ }
}

async function revoke(info) {
  showError(null);
  try {
    await call('DELETE', `/me/tokens/${enc(info.id)}`);
  } catch (e) { showError(e); return; }
  if (info.current) { hooks.loggedOut(); return; }
  await renderTokens();
}

function row(info) {
  return h('li', { 'data-token': info.id },
    h('span', {}, h('code', {}, info.id), ' ',
      info.current ? h('span', { class: 'tag' }, t('tokens.current')) : null),
    h('span', { class: 'muted small' }, t('tokens.dates', { issued: when(info.created_at), expires: when(info.expires_at) })),
    h('button', { type: 'button', class: 'ghost', onclick: () => revoke(info) },
      info.current ? t('tokens.revokeCurrent') : t('tokens.revoke')));
}

/** Fills the Tokens tab with the caller's live tokens. */
export async function renderTokens() {
  const list = $('#token-list');
  let tokens;
  try { tokens = await get('/me/tokens'); } catch (e) { showError(e); return; }
  // The token in use first, then the newest.
  tokens.sort((a, b) => (b.current - a.current) || (b.created_at - a.created_at));
  list.replaceChildren(...tokens.map(row));
  $('#token-count').textContent = t('tokens.count', { n: tokens.length });
}

async function copyFresh() {
  const input = $('#token-fresh-value');
  let done = false;
  try {
    await navigator.clipboard.writeText(input.value);
    done = true;
  } catch {
    input.select();
    try { done = document.execCommand('copy'); } catch { done = false; }
  }
  $('#token-copied').textContent = t(done ? 'tokens.copied' : 'tokens.copyByHand');
}

/** Wires the Tokens tab; `loggedOut` runs when the token in use is revoked. */
export function bindTokens({ errorText, loggedOut }) {
  hooks = { errorText, loggedOut };
  $('#token-new').addEventListener('click', async () => {
    showError(null);
    clearFresh();
    try {
      const r = await post('/me/tokens');
      showFresh(r.token);
      await renderTokens();
    } catch (e) { showError(e); }
  });
  $('#token-copy').addEventListener('click', copyFresh);
}

/** Shows a token just issued, to copy, until the person logs out. */
export function showFresh(token) {
  $('#token-fresh-value').value = token;
  $('#token-copied').textContent = '';
  $('#token-fresh').hidden = false;
}

/** Forgets a token shown once, e.g. when the person logs out. */
export function clearFresh() {
  $('#token-fresh-value').value = '';
  $('#token-fresh').hidden = true;
}
