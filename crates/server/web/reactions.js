// Reactions at the web table (R11): the open window of an encounter, shown
// to everyone; each member answers for the combatants they play (the GM for
// creatures and anyone, a player for their own characters) and the GM
// closes it. Also the GM's casts for stat-block creatures, the creatures
// added from the bestiary, and the card of what a closed window did.

import { get, post, enc } from './api.js';
import { t, getLang, rollLabel } from './i18n.js';
import { h } from './dom.js';
import { rollsList } from './play.js';

/** Who the viewer answers for: the GM for everyone, a player for the
 *  characters they own. */
function answersFor(ctx, name) {
  if (ctx.gm) return true;
  const me = (ctx.me || '').toLowerCase();
  return ctx.characters.some((c) => c.name.toLowerCase() === name.toLowerCase()
    && String(c.owner || '').toLowerCase() === me);
}

/** What opened the window, in words. */
function triggerText(w, spellName) {
  const tr = w.trigger || {};
  switch (tr.kind) {
    case 'spell_cast': {
      const name = spellName(tr.spell);
      return t('react.casting', { caster: tr.caster, spell: name === tr.spell && tr.spell_name ? tr.spell_name : name });
    }
    case 'hit': return t('react.hit', { attacker: tr.attacker, target: tr.target, total: tr.attack_total, ac: tr.ac });
    case 'damage': return t('react.damage', { attacker: tr.attacker, target: tr.target, n: tr.amount });
    case 'fall': return t('react.fall', { creature: tr.creature });
    default: return '';
  }
}

/**
 * The alert a player gets wherever they are when a combatant they play
 * may react (issue 37): what waits, a button per Reaction spell and Pass,
 * and a way to the Encounter tab. Null when the viewer answers for none.
 * `ctx` as for the window card, plus `open()` and `done()`.
 */
export function reactionAlert(ctx, info) {
  const w = info && info.window;
  if (!w) return null;
  const mine = (info.reactors || []).filter((r) => answersFor(ctx, r.name));
  if (!mine.length) return null;
  const act = (tail, body) => { ctx.done(); ctx.run(() => post(ctx.encPath(`/${enc(ctx.encounter)}/${tail}`), body)); };
  const what = triggerText(w, ctx.spellName);
  return h('div', { class: 'prompt react-alert', id: 'react-alert', role: 'alertdialog', 'aria-labelledby': 'react-alert-h' },
    ...mine.map((r, i) => h('div', { 'data-name': r.name },
      h('p', { id: i === 0 ? 'react-alert-h' : null }, h('strong', {}, t('alert.react', { name: r.name, what }))),
      h('div', { class: 'row' },
        ...r.spells.map((id) => h('button', { type: 'button', class: 'primary', onclick: () => act('react', { caster: r.name, spell: id }) },
          t('react.cast', { spell: ctx.spellName(id) }))),
        h('button', { type: 'button', onclick: () => act('pass', { name: r.name }) }, t('react.pass')),
        h('button', { type: 'button', class: 'ghost', onclick: ctx.open }, t('alert.open'))))));
}

/** The window card: what waits, the answers so far, and for each
 *  combatant who may still answer either their choices (when the viewer
 *  plays them) or that the table waits for them. */
export async function windowCard(ctx, known = null) {
  const path = ctx.encPath(`/${enc(ctx.encounter)}/window`);
  const info = known ?? await get(path);
  const w = info.window;
  if (!w) return null;
  const act = (tail, body) => ctx.run(() => post(ctx.encPath(`/${enc(ctx.encounter)}/${tail}`), body));
  const answers = (w.answers || []).map((a) => h('li', {},
    h('strong', {}, a.name), ': ', a.spell ? t('react.answeredWith', { spell: ctx.spellName(a.spell) }) : t('react.passed')));
  const waiting = [];
  const mine = [];
  for (const r of info.reactors || []) {
    if (!answersFor(ctx, r.name)) { waiting.push(r.name); continue; }
    mine.push(h('li', { class: 'reactor', 'data-name': r.name },
      h('p', {}, h('strong', {}, t('react.may', { name: r.name }))),
      h('div', { class: 'row' },
        ...r.spells.map((id) => h('button', {
          type: 'button', class: 'primary',
          onclick: () => act('react', { caster: r.name, spell: id }),
        }, t('react.cast', { spell: ctx.spellName(id) }))),
        h('button', { type: 'button', onclick: () => act('pass', { name: r.name }) }, t('react.pass')))));
  }
  return h('section', { class: 'card window', id: 'reaction-window', role: 'alert', 'aria-labelledby': 'rw-h' },
    h('h3', { id: 'rw-h' }, t('react.title')),
    h('p', {}, triggerText(w, ctx.spellName)),
    w.pending ? h('p', { class: 'muted small' }, t('react.nothingSpent')) : null,
    answers.length ? h('ul', { class: 'plain' }, ...answers) : null,
    mine.length ? h('ul', { class: 'plain' }, ...mine) : null,
    waiting.length ? h('p', { class: 'muted' }, t('react.waiting', { names: waiting.join(', ') }))
      : (mine.length ? null : h('p', { class: 'muted' }, t('react.nobody'))),
    ctx.gm ? h('div', { class: 'row' },
      h('button', { type: 'button', class: 'primary', id: 'rw-resolve', onclick: () => act('resolve', {}) }, t('react.resolve'))) : null);
}

/** What a closed window or a creature's cast did, for everyone. */
export function outcomeCard(data, spellName) {
  if (!data) return null;
  if (data.resolved === 'hit') {
    return h('section', { class: 'card outcome', id: 'rw-outcome' },
      h('p', {}, t(data.hits ? 'react.hitStands' : 'react.hitMissed', { target: data.target, total: data.attack_total, ac: data.ac })));
  }
  const c = data.cast;
  if (!c) {
    return data.countered === true || data.resolved === 'done'
      ? h('section', { class: 'card outcome', id: 'rw-outcome' }, h('p', {}, t('react.closed'))) : null;
  }
  const name = getLang() === 'cs' && c.spell_name_cs ? c.spell_name_cs : (c.spell_name || spellName(c.spell));
  const lines = [h('p', {}, h('strong', {}, t('react.castBy', { caster: c.caster, spell: name, level: c.level })))];
  if (c.rolls && c.rolls.length) {
    lines.push(h('ul', { class: 'plain rolls' }, ...c.rolls.map((roll) => h('li', {},
      h('span', { class: 'muted small' }, `${rollLabel(roll.label)} (${roll.notation}): `),
      ...roll.dice.map((d) => h('span', { class: 'die', 'aria-label': String(d) }, String(d))),
      h('strong', {}, ` = ${roll.total}`)))));
  }
  for (const tg of c.targets || []) {
    // A save's DC and verdict, when one was rolled (issue 37).
    const save = tg.save && tg.save.success != null
      ? ` · ${t('log.save', { dc: tg.save.dc, total: tg.save.total, verdict: t(tg.save.success ? 'log.saved' : 'log.failed') })}` : '';
    if (tg.damage_total || (tg.damage || []).length) lines.push(h('p', {}, t('cast.onTarget', { target: tg.target, dmg: tg.damage_total }), save));
    else if (save) lines.push(h('p', {}, h('strong', {}, tg.target), save));
  }
  // A Counterspell's card names the spell it answered (issue 37).
  const a = data.answered && data.answered.kind === 'spell_cast' ? data.answered : null;
  const answered = a ? { caster: a.caster, spell: spellName(a.spell) === a.spell && a.spell_name ? a.spell_name : spellName(a.spell) } : null;
  if (data.countered) lines.push(h('p', { class: 'countered' }, h('strong', {}, answered ? t('react.counteredWhat', answered) : t('react.countered'))));
  else if (data.countered === false && answered) lines.push(h('p', { class: 'countered' }, t('react.notCountered', answered)));
  return h('section', { class: 'card outcome', id: 'rw-outcome' }, ...lines);
}

/** The GM's form to cast for a stat-block creature of the encounter. */
export function creatureCastForm(ctx, creatures, combatants) {
  if (!ctx.gm || !creatures.length) return null;
  const who = h('select', { id: 'cc-caster', 'aria-label': t('enc.creature') },
    ...creatures.map((c) => h('option', { value: c.name }, c.name)));
  const spell = h('input', { id: 'cc-spell', required: true, maxlength: 64, 'aria-label': t('enc.spell'), placeholder: 'Fireball' });
  const boxes = combatants.map((c) => h('label', { class: 'check' },
    h('input', { type: 'checkbox', value: c.name, class: 'cc-target' }), ` ${c.name}`));
  return h('form', {
    class: 'card stack', id: 'creature-cast',
    onsubmit: (ev) => {
      ev.preventDefault();
      const targets = boxes.map((b) => b.querySelector('input')).filter((i) => i.checked).map((i) => i.value);
      ctx.run(() => post(ctx.encPath(`/${enc(ctx.encounter)}/cast`), { caster: who.value, spell: spell.value.trim(), targets }));
    },
  }, h('h3', {}, t('enc.creatureCast')),
  h('label', {}, h('span', {}, t('enc.creature')), who),
  h('label', {}, h('span', {}, t('enc.spell')), spell),
  h('fieldset', {}, h('legend', {}, t('cast.pickTargets')), ...boxes),
  h('button', { type: 'submit', class: 'primary' }, t('enc.castFor')));
}

/** The GM's form for a creature's attack that hits a character: it
 *  opens the character's "hit" window (Shield), which the GM closes to
 *  learn whether the hit still stands (issue 37). */
export function creatureAttackForm(ctx, creatures, combatants) {
  const targets = combatants.filter((c) => c.character);
  if (!ctx.gm || !creatures.length || !targets.length) return null;
  const who = h('select', { id: 'ha-attacker', 'aria-label': t('enc.creature') },
    ...creatures.map((c) => h('option', { value: c.name }, c.name)));
  const target = h('select', { id: 'ha-target', 'aria-label': t('attack.target') },
    ...targets.map((c) => h('option', { value: c.name }, c.name)));
  const total = h('input', { id: 'ha-total', type: 'number', min: -100, max: 100, required: true, inputmode: 'numeric' });
  const ac = h('input', { id: 'ha-ac', type: 'number', min: 1, max: 40, inputmode: 'numeric' });
  return h('form', {
    class: 'card stack', id: 'creature-attack',
    onsubmit: (ev) => {
      ev.preventDefault();
      const body = { kind: 'hit', attacker: who.value, target: target.value, attack_total: Number(total.value) || 0 };
      if (ac.value) body.ac = Number(ac.value);
      ctx.run(() => post(ctx.encPath(`/${enc(ctx.encounter)}/window`), body));
    },
  }, h('h3', {}, t('hitwin.title')),
  h('label', {}, h('span', {}, t('enc.creature')), who),
  h('label', {}, h('span', {}, t('attack.target')), target),
  h('label', {}, h('span', {}, t('hitwin.total')), total),
  h('label', {}, h('span', {}, t('hitwin.ac')), ac),
  h('button', { type: 'submit', class: 'primary' }, t('hitwin.go')));
}

/** The last creature attack the GM rolled here, shown under its form. */
let lastRolled = null;

/** A creature's rolled attack on a character, as the GM sees it: the
 *  roll against the character's AC, the damage landed, or whom the hit
 *  waits for (Shield). */
function rolledCard(a) {
  const o = (a.roll && a.roll.outcome) || {};
  const verdict = o.hit == null ? t('cattack.noAc', { total: o.total })
    : t(o.hit ? (o.critical ? 'attack.crit' : 'attack.hit') : 'attack.miss', { total: o.total });
  const tg = (((a.outcome || {}).resolution || {}).targets || [])[0];
  return h('div', { class: 'done', id: 'cr-out' },
    h('p', {}, h('strong', {}, t('cattack.attacks', { attacker: a.attacker, target: a.target, weapon: a.roll.attack.name }))),
    h('p', {}, h('strong', {}, verdict), a.roll.ac != null ? ` · ${t('hp.ac', { ac: a.roll.ac })}` : ''),
    rollsList(a.roll.rolls),
    tg && tg.damage_total ? h('p', {}, t('attack.damage', { n: tg.damage_total })) : null,
    (a.reactors || []).length ? h('p', {}, t('cattack.waits', { names: a.reactors.map((r) => r.name).join(', ') })) : null);
}

/** The GM's form for a creature's attack that the server rolls
 *  (`POST …/attacks`): an SRD weapon or the stat block's own attack and
 *  damage, its bonus; the damage lands, or the hit waits for Shield. */
export function creatureRollForm(ctx, creatures, combatants) {
  const targets = combatants.filter((c) => c.character);
  if (!ctx.gm || !creatures.length || !targets.length) return null;
  const who = h('select', { id: 'cr-attacker', 'aria-label': t('enc.creature') },
    ...creatures.map((c) => h('option', { value: c.name }, c.name)));
  const target = h('select', { id: 'cr-target', 'aria-label': t('attack.target') },
    ...targets.map((c) => h('option', { value: c.name }, c.name)));
  const weapon = h('input', { id: 'cr-weapon', required: true, maxlength: 40, placeholder: 'quarterstaff' });
  const bonus = h('input', { id: 'cr-bonus', type: 'number', min: -30, max: 30, required: true, inputmode: 'numeric' });
  const damage = h('input', { id: 'cr-damage', maxlength: 20, placeholder: '1d6+2' });
  const shown = lastRolled && lastRolled.encounter === ctx.encounter ? rolledCard(lastRolled) : null;
  return h('form', {
    class: 'card stack', id: 'creature-roll',
    onsubmit: (ev) => {
      ev.preventDefault();
      const body = { attacker: who.value, target: target.value, weapon: weapon.value.trim(), bonus: Number(bonus.value) || 0 };
      if (damage.value.trim()) body.damage = damage.value.trim();
      ctx.run(async () => { lastRolled = (await post(ctx.encPath(`/${enc(ctx.encounter)}/attacks`), body)).attack; });
    },
  }, h('h3', {}, t('cattack.title')),
  h('label', {}, h('span', {}, t('enc.creature')), who),
  h('label', {}, h('span', {}, t('attack.target')), target),
  h('label', {}, h('span', {}, t('cattack.weapon')), weapon),
  h('label', {}, h('span', {}, t('cattack.bonus')), bonus),
  h('label', {}, h('span', {}, t('cattack.damage')), damage),
  h('button', { type: 'submit', class: 'primary' }, t('cattack.go')),
  shown);
}

/** The SRD bestiary, read once. */
let bestiary = null;

/** The bestiary's stat blocks (`GET /monsters`), read once; null when
 *  the server cannot be reached. */
export async function loadBestiary() {
  if (!bestiary) {
    try { bestiary = (await get('/monsters')).monsters; } catch { return null; }
  }
  return bestiary;
}

/** A stat block's name in the chosen language. */
export function monsterName(m) {
  return getLang() === 'cs' && m.name_cs ? m.name_cs : m.name_en;
}

/** The GM's form to add a creature from the bestiary to the encounter. */
export async function creatureAddForm(ctx) {
  if (!ctx.gm) return null;
  const monsters = await loadBestiary();
  if (!monsters) return null;
  const kind = h('select', { id: 'ca-monster', 'aria-label': t('enc.monster') },
    ...monsters.map((m) => h('option', { value: m.id }, monsterName(m))));
  const name = h('input', { id: 'ca-name', required: true, maxlength: 64, 'aria-label': t('enc.name') });
  const init = h('input', { id: 'ca-init', type: 'number', inputmode: 'numeric', value: '10', 'aria-label': t('enc.init') });
  return h('form', {
    class: 'card stack', id: 'creature-add',
    onsubmit: (ev) => {
      ev.preventDefault();
      ctx.run(() => post(ctx.encPath(`/${enc(ctx.encounter)}/creatures`),
        { name: name.value.trim(), monster: kind.value, initiative: Number(init.value) || 0 }));
    },
  }, h('h3', {}, t('enc.monster')),
  h('label', {}, h('span', {}, t('enc.kind')), kind),
  h('label', {}, h('span', {}, t('enc.name')), name),
  h('label', {}, h('span', {}, t('enc.init')), init),
  h('button', { type: 'submit' }, t('enc.addMonster')));
}
