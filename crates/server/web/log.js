// The table log: every cast of the campaign as a card for everyone at the
// table, newest first. Past casts come from the server's change log a page
// at a time; new ones arrive live. Refusals are never logged: the caster
// alone sees them, in the cast dialog.

import { get, enc } from './api.js';
import { t, getLang, rollLabel } from './i18n.js';
import { h } from './dom.js';
import { waivedBlock } from './house.js';
import { attackLogCard, rollsList, deathSentence } from './play.js';

const log = { campaign: null, cards: [], next: null, loaded: false, undone: new Set() };

/** Forgets the log (another campaign, or logging out). */
export function resetLog() {
  log.campaign = null;
  log.cards = [];
  log.next = null;
  log.loaded = false;
  log.undone = new Set();
}

/** Reads the newest page, or the next older one with `older`. */
export async function loadLog(campaign, older = false) {
  if (log.campaign !== campaign) resetLog();
  log.campaign = campaign;
  const q = older && log.next ? `?before=${log.next}` : '';
  const page = await get(`/campaigns/${enc(campaign)}/log${q}`);
  // The changes an undo took back: their cards are marked for everyone.
  if (!older) log.undone = new Set();
  for (const e of page.entries) if (e.undo_of != null) log.undone.add(e.undo_of);
  const cards = page.entries.flatMap((e) => e.cards.map((c) => ({
    ...c, at: e.created_at, change: e.change,
    // A weapon attack is logged as a card of its change `attack …`.
    kind: c.kind || (/^attack\s/.test(e.command || '') ? 'attack' : undefined),
  })));
  // Rolls heard live (turn damage, Concentration and death saves) are
  // cards of their change too (issue 37), so a reload shows them; one
  // heard live stays above the page only until the page holds its card.
  const heard = older ? [] : log.cards.filter((c) => !c.change && ['turn', 'conc', 'death'].includes(c.kind)
    && !cards.some((p) => sameRoll(p, c)));
  log.cards = older ? [...log.cards, ...cards] : [...heard, ...cards];
  log.next = page.next;
  log.loaded = true;
}

/** Whether a card of the change log is the roll `live` heard: the same
 *  kind, who, target and dice. */
function sameRoll(logged, live) {
  const dice = (c) => JSON.stringify((c.rolls || []).map((r) => r.dice));
  return logged.kind === live.kind && logged.caster === live.caster
    && (logged.target || null) === (live.target || null) && dice(logged) === dice(live);
}

/** A cast heard live joins the top of the log (once). */
export function liveCast(campaign, card) {
  if (log.campaign !== campaign || !card || !card.rolls) return;
  log.cards.unshift({ ...card, at: new Date().toISOString() });
}

function spellOf(c) {
  return getLang() === 'cs' && c.spell_name_cs ? c.spell_name_cs : c.spell_name || c.spell;
}

function how(c) {
  if (c.slot) return t(c.pact ? 'log.pactSlot' : 'log.slot', { n: c.slot });
  if (c.mode === 'ritual') return t('log.ritual');
  if (c.via) return t('log.via', { name: c.via });
  return t('log.noSlot');
}

/** One target's line: save, damage, healing, hit points after. */
function targetLine(tg, showHp) {
  const parts = [];
  for (const a of tg.attacks || []) parts.push(t(a.hit === false ? 'log.miss' : a.critical ? 'log.crit' : 'log.hit', { total: a.total }));
  if (tg.save && tg.save.success == null) parts.push(t('log.noSave', { dc: tg.save.dc }));
  else if (tg.save) parts.push(t('log.save', { dc: tg.save.dc, total: tg.save.total, verdict: t(tg.save.success ? 'log.saved' : 'log.failed') }));
  if (tg.damage_total || (tg.damage || []).length) parts.push(t('log.damage', { n: tg.damage_total }));
  if (tg.healing) parts.push(t('log.healing', { n: tg.healing }));
  if (showHp && tg.hp_after != null) parts.push(t('log.hp', { n: tg.hp_after }));
  return h('li', {}, h('strong', {}, tg.target), parts.length ? `: ${parts.join(' · ')}` : '');
}

/** A card of the log: a weapon attack, a death save, else a cast. */
function logCard(c, ctx) {
  const card = cardOf(c, ctx);
  if (c.change != null && log.undone.has(c.change)) {
    card.classList.add('undone');
    card.prepend(h('p', { class: 'badge undone-badge' }, t('log.undone')));
  }
  return card;
}

function cardOf(c, ctx) {
  if (c.kind === 'attack') return attackLogCard(c, ctx);
  if (c.kind === 'turn') {
    // A lasting spell's damage as a turn began or ended (Spirit Guardians).
    const o = c.outcome || {};
    const showHp = ctx.gm || ctx.characters.some((x) => x.toLowerCase() === String(c.target).toLowerCase());
    return h('li', { class: 'card log-card turn-card', 'data-spell': c.spell },
      h('p', {}, h('strong', {}, t('roll.turnDamage', { spell: spellOf(c), caster: c.caster, target: c.target, n: o.damage_total || 0 }))),
      rollsList(c.rolls),
      o.save && o.save.success != null ? h('p', { class: 'small' }, t('log.save', { dc: o.save.dc, total: o.save.total, verdict: t(o.save.success ? 'log.saved' : 'log.failed') })) : null,
      showHp && c.hp != null ? h('p', { class: 'small' }, t('log.hp', { n: c.hp })) : null);
  }
  if (c.kind === 'conc') {
    return h('li', { class: 'card log-card conc-card' },
      h('p', {}, h('strong', {}, t('roll.concSave', { name: c.caster, dc: c.dc, total: c.rolls[0].total, verdict: t(c.kept ? 'roll.kept' : 'roll.lost') }))),
      rollsList(c.rolls));
  }
  if (c.kind === 'death') {
    return h('li', { class: 'card log-card death-card' },
      h('p', {}, h('strong', {}, deathSentence(c.caster, { roll: c.rolls[0], result: c.result }))), rollsList(c.rolls));
  }
  return castCard(c, ctx);
}

/** A cast as a card: who, what, how, every die, each target. */
export function castCard(c, { gm, characters }) {
  const known = new Set(characters.map((x) => x.toLowerCase()));
  const when = c.at ? new Date(c.at).toLocaleTimeString(getLang() === 'cs' ? 'cs-CZ' : 'en-GB', { hour: '2-digit', minute: '2-digit' }) : '';
  return h('li', { class: 'card log-card', 'data-spell': c.spell },
    h('p', {}, h('strong', {}, t('log.casts', { caster: c.caster, spell: spellOf(c) })),
      ' ', h('span', { class: 'muted small' }, `${t('log.level', { n: c.level })} · ${how(c)}${c.save_dc && (c.targets || []).some((tg) => tg.save) ? ` · ${t('log.dc', { dc: c.save_dc })}` : ''}${when ? ` · ${when}` : ''}`)),
    (c.rolls || []).length ? h('ul', { class: 'plain rolls' }, ...c.rolls.map((roll) => h('li', {},
      h('span', { class: 'muted small' }, `${rollLabel(roll.label)} (${roll.notation}): `),
      ...roll.dice.map((d) => h('span', { class: 'die', 'aria-label': String(d) }, String(d))),
      h('strong', {}, ` = ${roll.total}`)))) : null,
    (c.targets || []).length ? h('ul', { class: 'plain targets' },
      ...c.targets.map((tg) => targetLine(tg, gm || known.has(String(tg.target).toLowerCase())))) : null,
    c.concentration_started ? h('p', { class: 'small' }, t('log.concStarted')) : null,
    c.concentration_ended ? h('p', { class: 'small' }, t('log.concEnded')) : null,
    waivedBlock(c.waived));
}

/** The log panel: the cards, and a button for older ones. */
export function renderLog(box, ctx, more) {
  if (!box) return;
  if (!log.loaded) { box.replaceChildren(h('p', { class: 'muted' }, t('log.loading'))); return; }
  box.replaceChildren(...[
    log.cards.length
      ? h('ol', { class: 'plain log', 'aria-label': t('log.title') }, ...log.cards.map((c) => logCard(c, ctx)))
      : h('p', { class: 'muted' }, t('log.empty')),
    log.next ? h('button', { type: 'button', id: 'log-older', onclick: more }, t('log.older')) : null,
  ].filter(Boolean));
}
