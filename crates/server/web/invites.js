// Inviting players: the GM makes an invite link (a code shown once, for a
// bounded time and number of players), copies it, revokes it, and removes
// a player; a signed-in player who opens the link (`/#join=<code>`) takes a
// seat. A code opened before signing in waits in this tab until sign-in.

import { call, get, post, enc } from './api.js';
import { t, getLang } from './i18n.js';
import { h } from './dom.js';

const PENDING = 'grimoire.join';

// What the GM's card shows outside the function that draws it, so a live
// redraw keeps what was typed, a fresh link (shown only once) and the
// last message.
const FRESH = { link: '', copied: '', error: '', invites: [], uses: '6', hours: '72' };
const shown = { campaign: null, ...FRESH };

/** Takes a `#join=<code>` link off the address (kept for this tab until
 *  sign-in). True when there was one. */
export function takeJoinLink() {
  const m = /^#join=([A-Za-z0-9_]{1,100})$/.exec(location.hash);
  if (!m) return false;
  try { sessionStorage.setItem(PENDING, m[1]); } catch { /* private mode */ }
  history.replaceState(null, '', `${location.pathname}${location.search}#table`);
  return true;
}

/** Whether a join link waits for sign-in. */
export function joinPending() {
  try { return !!sessionStorage.getItem(PENDING); } catch { return false; }
}

/** Opens the waiting invite, if any: the campaign joined, or null. The
 *  code is dropped either way (a refused one would only be refused again). */
export async function acceptPending() {
  let code = null;
  try { code = sessionStorage.getItem(PENDING); sessionStorage.removeItem(PENDING); } catch { /* private mode */ }
  if (!code) return null;
  return post('/invites/accept', { code });
}

/** A Unix time as a date and time in the chosen language. */
function when(secs) {
  return new Date(secs * 1000).toLocaleString(getLang() === 'cs' ? 'cs-CZ' : 'en-GB', {
    dateStyle: 'medium', timeStyle: 'short',
  });
}

function linkFor(code) {
  return `${location.origin}${location.pathname}#join=${code}`;
}

/**
 * The GM's card: the players with a Remove button each, a form that makes
 * an invite link, the fresh link with Copy, and the live invites with
 * Revoke. `hooks`: `errorText(e)`, `onChange()` after a removal, `toast(s)`.
 */
export function inviteCard(campaign, hooks) {
  if (shown.campaign !== campaign.id) Object.assign(shown, { campaign: campaign.id, ...FRESH });
  const card = h('div', { class: 'card invites', id: 'invites' });
  const draw = () => card.replaceChildren(...body(campaign, hooks, draw));
  draw();
  refreshInvites(campaign.id, hooks).then(draw);
  return card;
}

/** Reads the campaign's live invites again (after a player joined). */
export async function refreshInvites(id, hooks) {
  try {
    shown.invites = await get(`/campaigns/${enc(id)}/invites`);
  } catch (e) { shown.error = hooks.errorText(e); }
}

function body(campaign, hooks, draw) {
  const say = (err) => { shown.error = err ? hooks.errorText(err) : ''; };
  const players = (campaign.players || []).map((p) => h('li', { 'data-player': p },
    h('span', {}, p),
    h('button', {
      type: 'button', class: 'ghost', 'aria-label': t('invite.removeWho', { name: p }),
      onclick: async () => {
        say(null);
        try {
          await call('DELETE', `/campaigns/${enc(campaign.id)}/players/${enc(p)}`);
          hooks.toast(t('invite.removed', { name: p }));
          await hooks.onChange();
          return;
        } catch (e) { say(e); }
        draw();
      },
    }, t('invite.remove'))));
  const uses = h('input', {
    id: 'invite-uses', type: 'number', min: 1, max: 50, value: shown.uses, inputmode: 'numeric', required: true,
    oninput: (ev) => { shown.uses = ev.target.value; },
  });
  const hours = h('select', { id: 'invite-hours', onchange: (ev) => { shown.hours = ev.target.value; } },
    ...[[24, 'invite.day'], [72, 'invite.days3'], [168, 'invite.week'], [336, 'invite.weeks2']]
      .map(([v, key]) => h('option', { value: v, selected: String(v) === shown.hours }, t(key))));
  const make = h('form', {
    class: 'stack',
    onsubmit: async (ev) => {
      ev.preventDefault();
      say(null);
      try {
        const r = await post(`/campaigns/${enc(campaign.id)}/invites`, { uses: Number(uses.value), hours: Number(hours.value) });
        shown.link = linkFor(r.code);
        shown.copied = '';
        await refreshInvites(campaign.id, hooks);
      } catch (e) { say(e); }
      draw();
    },
  },
  h('div', { class: 'row' },
    h('label', {}, h('span', {}, t('invite.uses')), uses),
    h('label', {}, h('span', {}, t('invite.hours')), hours)),
  h('button', { type: 'submit', id: 'invite-make' }, t('invite.make')));
  const fresh = shown.link ? h('div', { class: 'stack', id: 'invite-fresh' },
    h('label', { for: 'invite-link' }, t('invite.fresh')),
    h('input', { id: 'invite-link', readonly: true, spellcheck: 'false', value: shown.link }),
    h('button', {
      type: 'button', id: 'invite-copy',
      onclick: async (ev) => {
        const input = ev.target.parentElement.querySelector('input');
        let done = false;
        try { await navigator.clipboard.writeText(shown.link); done = true; } catch {
          input.select();
          try { done = document.execCommand('copy'); } catch { done = false; }
        }
        shown.copied = t(done ? 'invite.copied' : 'invite.copyByHand');
        draw();
      },
    }, t('invite.copy')),
    h('p', { class: 'muted', role: 'status' }, shown.copied)) : null;
  const live = shown.invites.map((inv) => h('li', { 'data-invite': inv.id },
    h('span', {}, t('invite.left', { n: inv.uses_left, until: when(inv.expires_at) })),
    h('button', {
      type: 'button', class: 'ghost',
      onclick: async () => {
        say(null);
        try {
          await call('DELETE', `/campaigns/${enc(campaign.id)}/invites/${enc(inv.id)}`);
          shown.link = '';
          hooks.toast(t('invite.revoked'));
          await refreshInvites(campaign.id, hooks);
        } catch (e) { say(e); }
        draw();
      },
    }, t('invite.revoke'))));
  return [
    h('h3', {}, t('invite.players')),
    h('ul', { class: 'plain members', id: 'player-list' }, ...(players.length ? players : [h('li', { class: 'muted' }, t('table.none'))])),
    h('h3', {}, t('invite.title')),
    h('p', { class: 'muted small' }, t('invite.intro')),
    make,
    fresh,
    shown.invites.length ? h('h4', {}, t('invite.live', { n: shown.invites.length })) : null,
    h('ul', { class: 'plain tokens', id: 'invite-list' }, ...live),
    h('p', { class: 'error', role: 'alert' }, shown.error),
  ];
}
