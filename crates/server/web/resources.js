// Class resources on the character sheet (issue 33): Sorcery Points and
// Innate Sorcery as pips beside the slots; what they buy as controls, each
// posting to its documented route (`…/font-of-magic`, `…/innate-sorcery`,
// `…/magical-cunning`) with the server's refusal shown beside the control
// that caused it; and the Short Rest dialog, where the player chooses what
// comes back as the rest finishes (`POST …/rests`). Each of the dialog's
// choices is one entry of REST_CHOICES.

import { post } from './api.js';
import { t, levelName } from './i18n.js';
import { h } from './dom.js';
import { hitDiceLeft } from './play.js';

/** The highest slot level Arcane and Natural Recovery bring back. */
const RECOVERY_MAX_SLOT = 5;

function classLevel(ch, cls) {
  const c = (ch.classes || []).find((x) => x.class === cls);
  return c ? c.level : 0;
}

function pips(total, left, label) {
  return h('span', { class: 'pips', role: 'img', 'aria-label': label },
    ...Array.from({ length: total }, (_, i) => h('span', { class: i < left ? 'pip full' : 'pip', 'aria-hidden': 'true' })));
}

/** Sorcery Points, the slots made from them and Innate Sorcery's uses,
 *  as pips beside the slots. */
export function resourcePips(r) {
  const row = (id, label, p) => h('div', { class: 'pact', id, 'data-left': p.left },
    h('h4', {}, label),
    pips(p.max, p.left, t('sheet.resource.pips', { name: label, left: p.left, total: p.max })),
    h('span', { class: 'count' }, `${p.left}/${p.max}`));
  return [
    r.sorcery_points ? row('sorcery-points', t('sheet.sorcery.points'), r.sorcery_points) : null,
    (r.created_slots || []).length ? h('p', { class: 'muted small', id: 'created-slots' },
      t('sheet.created.slots', { slots: r.created_slots.map((c) => `${c.count}×${levelName(c.level)}`).join(', ') })) : null,
    r.innate_sorcery ? row('innate-sorcery', t('sheet.innate.sorcery'), r.innate_sorcery) : null,
  ];
}

// What the controls keep across the sheet's redraws (live events redraw
// it): the last refusal per character and control, shown while the
// character is at the version it was refused at, and each select's pick.
const said = new Map();
const picked = new Map();

function saidFor(ch, control) {
  const s = said.get(`${ch.name}\n${control}`);
  return s && s.version === ch.version ? s.err : null;
}

/** Where a control's refusal shows: right under it, announced. */
function saidBox(ch, control, ctx) {
  const err = saidFor(ch, control);
  return h('div', { id: `${control}-said`, class: 'said' }, err ? ctx.errorBlock(err) : null);
}

/** Posts a control's request; a refusal is kept for the control, an
 *  answer clears every kept refusal of the character. */
async function send(ch, control, tail, body, ctx, done) {
  for (const k of [...said.keys()]) if (k.startsWith(`${ch.name}\n`)) said.delete(k);
  try {
    const r = await post(ctx.path(tail), body);
    if (done) ctx.toast(done(r.character || ch));
    ctx.onView(r.character);
  } catch (e) {
    said.set(`${ch.name}\n${control}`, { err: e, version: ch.version });
    ctx.onView(null);
  }
}

/** A select that remembers its pick across redraws, by character and id. */
export function keptSelect(ch, id, options, onchange) {
  const key = `${ch.name}\n${id}`;
  const sel = h('select', { id }, ...options.map((o) => h('option', { value: o.value }, o.label)));
  if (options.some((o) => o.value === picked.get(key))) sel.value = picked.get(key);
  sel.addEventListener('change', () => { picked.set(key, sel.value); if (onchange) onchange(); });
  return sel;
}

/** Font of Magic both ways, with the cost of each slot it can make. */
function fontBlock(ch, r, ctx) {
  const spend = ch.slots.map((s) => ({
    value: String(s.level),
    label: t('cr.toPointsOption', { level: s.level, left: s.remaining, points: s.level }),
  }));
  if (ch.pact) {
    spend.push({ value: 'pact', label: t('cr.toPointsPact', { level: ch.pact.level, left: ch.pact.remaining, points: ch.pact.level }) });
  }
  const costs = r.slot_costs || [];
  const toPoints = keptSelect(ch, 'font-slot', spend);
  const cost = (level) => (costs.find((c) => String(c.level) === level) || costs[0] || { points: 0 }).points;
  const go = h('button', { type: 'submit', class: 'primary' });
  const label = () => { go.textContent = t('cr.toSlot', { level: toSlot.value, points: cost(toSlot.value) }); };
  const toSlot = keptSelect(ch, 'font-level', costs.map((c) => ({
    value: String(c.level), label: t('cr.toSlotOption', { level: c.level, points: c.points }),
  })), label);
  label();
  const pointsLeft = (view) => ((view.resources || {}).sorcery_points || { left: 0 }).left;
  return h('div', { class: 'cr-block', id: 'font-of-magic' },
    h('h4', {}, t('cr.font')),
    h('p', { class: 'small', id: 'font-points' }, t('cr.pointsNow', r.sorcery_points)),
    spend.length ? h('form', {
      class: 'row', id: 'font-to-points',
      onsubmit: (ev) => {
        ev.preventDefault();
        const pact = toPoints.value === 'pact';
        const level = pact ? ch.pact.level : Number(toPoints.value);
        send(ch, 'font-to-points', 'font-of-magic', { way: 'to_points', level, pact }, ctx,
          (v) => t('cr.toPointsDone', { name: ch.name, level, left: pointsLeft(v) }));
      },
    }, h('label', {}, h('span', {}, t('cr.toPointsLabel')), toPoints),
    h('button', { type: 'submit', 'aria-describedby': 'font-to-points-hint' }, t('cr.toPoints')),
    h('span', { class: 'muted small', id: 'font-to-points-hint' }, t('cr.toPointsHint'))) : null,
    saidBox(ch, 'font-to-points', ctx),
    costs.length ? h('form', {
      class: 'row', id: 'font-to-slot',
      onsubmit: (ev) => {
        ev.preventDefault();
        const level = Number(toSlot.value);
        send(ch, 'font-to-slot', 'font-of-magic', { way: 'to_slot', level }, ctx,
          (v) => t('cr.toSlotDone', { name: ch.name, level, left: pointsLeft(v) }));
      },
    }, h('label', {}, h('span', {}, t('cr.toSlotLabel')), toSlot),
    go) : null,
    costs.length ? h('p', { class: 'muted small' }, t('cr.toSlotHint')) : null,
    saidBox(ch, 'font-to-slot', ctx),
    costs.length ? h('table', { class: 'levels', id: 'font-costs' },
      h('caption', { class: 'small muted' }, t('cr.costs')),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('cr.costLevel')), h('th', { scope: 'col' }, t('cr.costPoints')))),
      h('tbody', {}, ...costs.map((c) => h('tr', {}, h('th', { scope: 'row' }, levelName(c.level)), h('td', {}, String(c.points)))))) : null);
}

/** Innate Sorcery: its state, and the button that starts it (Sorcery
 *  Incarnate's 2 points once no use is left, Sorcerer 7+). */
function innateBlock(ch, r, ctx) {
  const uses = r.innate_sorcery;
  const rounds = r.innate_sorcery_rounds;
  const incarnate = uses.left === 0 && classLevel(ch, 'sorcerer') >= 7;
  return h('div', { class: 'cr-block', id: 'innate' },
    h('h4', {}, t('cr.innate')),
    h('p', { class: 'small', id: 'innate-status' }, rounds != null
      ? h('strong', {}, t('cr.innateActive', {
        left: t(rounds === 1 ? 'sheet.roundsOne' : 'sheet.rounds', { n: rounds }),
      }))
      : t('cr.innateUses', uses)),
    h('div', { class: 'row' }, h('button', {
      type: 'button', id: 'innate-start',
      onclick: () => send(ch, 'innate', 'innate-sorcery', undefined, ctx, () => t('cr.innateDone', { name: ch.name })),
    }, t(incarnate ? 'cr.innateIncarnate' : 'cr.innateStart'))),
    saidBox(ch, 'innate', ctx));
}

/** Magical Cunning: what it brings back, and the rite. */
function cunningBlock(ch, r, ctx) {
  const m = r.magical_cunning;
  return h('div', { class: 'cr-block', id: 'cunning' },
    h('h4', {}, t('cr.cunning')),
    h('p', { class: 'small', id: 'cunning-status' }, m.used ? t('cr.usedUntilLong') : t('cr.cunningReady', { n: m.amount })),
    h('div', { class: 'row' }, h('button', {
      type: 'button', id: 'cunning-go',
      onclick: () => send(ch, 'cunning', 'magical-cunning', undefined, ctx, (v) => t('cr.cunningDone', {
        name: ch.name, left: v.pact ? v.pact.remaining : 0, total: v.pact ? v.pact.total : 0,
      })),
    }, t('cr.cunningGo'))),
    saidBox(ch, 'cunning', ctx));
}

/** A once-per-rest feature used on a Short Rest: ready or used. */
function restFeature(id, name, f, ready) {
  return h('div', { class: 'cr-block', id },
    h('h4', {}, name),
    h('p', { class: 'small' }, f.used ? t('cr.usedUntilLong') : ready));
}

/** The class resources card, or null for a character with none. `ctx`:
 *  `{ mine, path(tail), onView(view|null), toast(text), errorBlock(err) }`. */
export function resourceCard(ch, ctx) {
  const r = ch.resources || {};
  const blocks = [
    r.sorcery_points && ctx.mine ? fontBlock(ch, r, ctx) : null,
    r.innate_sorcery && ctx.mine ? innateBlock(ch, r, ctx) : null,
    r.magical_cunning && ctx.mine ? cunningBlock(ch, r, ctx) : null,
    r.arcane_recovery ? restFeature('arcane-status', t('cr.arcane'), r.arcane_recovery, t('cr.slotsReady', { n: r.arcane_recovery.amount })) : null,
    r.natural_recovery ? restFeature('natural-status', t('cr.natural'), r.natural_recovery, t('cr.slotsReady', { n: r.natural_recovery.amount })) : null,
    r.sorcerous_restoration ? restFeature('restoration-status', t('cr.restoration'), r.sorcerous_restoration, t('cr.pointsReady', { n: r.sorcerous_restoration.amount })) : null,
  ].filter(Boolean);
  if (!blocks.length) return null;
  return h('section', { class: 'card class-resources', id: 'class-resources', 'aria-labelledby': 'cr-h' },
    h('h3', { id: 'cr-h' }, t('cr.title')), ...blocks);
}

// ---------- the Short Rest dialog ----------

/** A number input from 0 to `max`, labelled. */
function count(id, label, max, oninput) {
  const input = h('input', { id, type: 'number', min: 0, max, value: 0, inputmode: 'numeric' });
  if (oninput) input.addEventListener('input', oninput);
  return { input, row: h('label', { class: 'dice-row', for: id }, h('span', {}, label), input) };
}

const amount = (input) => Math.max(0, Math.min(Number(input.max), Math.floor(Number(input.value) || 0)));

/** Expended slots of level 1-5 to bring back within `budget` combined
 *  levels (Arcane Recovery, Natural Recovery): the body's list of levels. */
function slotPicker(ch, prefix, budget) {
  const rows = ch.slots.filter((s) => s.level <= RECOVERY_MAX_SLOT && s.total > s.remaining)
    .map((s) => ({ level: s.level, ...count(`${prefix}-${s.level}`, t('sr.slotLevel', { level: s.level, spent: s.total - s.remaining }), s.total - s.remaining, () => total()) }));
  const line = h('p', { class: 'small', id: `${prefix}-total`, 'aria-live': 'polite' });
  const total = () => {
    const n = rows.reduce((sum, r) => sum + r.level * amount(r.input), 0);
    line.textContent = t(n > budget ? 'sr.over' : 'sr.chosen', { n, max: budget });
    line.classList.toggle('error', n > budget);
  };
  total();
  return {
    nodes: rows.length ? [...rows.map((r) => r.row), line] : [h('p', { class: 'muted small' }, t('sr.noneSpent'))],
    levels: () => rows.flatMap((r) => Array(amount(r.input)).fill(r.level)),
  };
}

/** The Short Rest's choices, in the dialog's order. Each shows when
 *  `applies(ch)` and `draw(ch, app)` gives its fieldset's `legend`,
 *  `nodes` and `add(body)`, which writes its part of the rest's body.
 *  A choice the rest route learns is one more entry here. */
const REST_CHOICES = [
  {
    id: 'sr-dice',
    applies: (ch) => hitDiceLeft(ch).some((d) => d.left > 0),
    draw: (ch) => {
      const sizes = hitDiceLeft(ch).filter((d) => d.left > 0)
        .map((d) => ({ size: d.size, ...count(`sr-dice-d${d.size}`, t('sr.diceSize', { size: d.size, left: d.left }), d.left) }));
      return {
        legend: t('sr.dice'),
        nodes: sizes.map((s) => s.row),
        add: (body) => {
          const dice = Object.fromEntries(sizes.filter((s) => amount(s.input) > 0).map((s) => [`d${s.size}`, amount(s.input)]));
          if (Object.keys(dice).length) body.hit_dice = dice;
        },
      };
    },
  },
  ...[['arcane_recovery', 'sr-arcane', 'cr.arcane'], ['natural_recovery', 'sr-natural', 'cr.natural']].map(([field, id, name]) => ({
    id,
    applies: (ch) => (ch.resources || {})[field] && !ch.resources[field].used,
    draw: (ch) => {
      const pick = slotPicker(ch, id, ch.resources[field].amount);
      return {
        legend: t(name),
        nodes: pick.nodes,
        add: (body) => { const levels = pick.levels(); if (levels.length) body[field] = levels; },
      };
    },
  })),
  {
    id: 'sr-restoration',
    applies: (ch) => (ch.resources || {}).sorcerous_restoration && !ch.resources.sorcerous_restoration.used,
    draw: (ch) => {
      const box = h('input', { id: 'sr-restoration-go', type: 'checkbox' });
      return {
        legend: t('cr.restoration'),
        nodes: [h('label', { class: 'check-row', for: 'sr-restoration-go' }, box,
          h('span', {}, t('sr.restoration', { n: ch.resources.sorcerous_restoration.amount })))],
        add: (body) => { if (box.checked) body.sorcerous_restoration = true; },
      };
    },
  },
  {
    id: 'sr-memorize',
    // Memorize Spell (Wizard 5): a prepared level 1+ Wizard spell out,
    // another in; both of the spellbook when the Wizard keeps one, else any
    // Wizard spell of a level it prepares (the server judges the rest).
    applies: (ch) => classLevel(ch, 'wizard') >= 5,
    draw: (ch, app) => {
      const book = (ch.state || {}).spellbook ? new Set(ch.state.spellbook) : null;
      const most = Math.min(9, Math.ceil(classLevel(ch, 'wizard') / 2));
      const always = new Set((ch.always_prepared || []).map((r) => r.spell));
      const wizardSpell = (c) => c && c.level > 0 && c.classes.includes('wizard') && (!book || book.has(c.id));
      const byLevel = (a, b) => (a.level - b.level) || app.spellName(a.id).localeCompare(app.spellName(b.id));
      const option = (c) => h('option', { value: c.id }, `${app.spellName(c.id)} · ${levelName(c.level)}`);
      const none = () => h('option', { value: '' }, t('sr.noSwap'));
      const forgettable = ch.prepared.map((id) => app.byId.get(id)).filter(wizardSpell).sort(byLevel);
      const learnable = app.cards.filter((c) => wizardSpell(c) && c.level <= most
        && !ch.prepared.includes(c.id) && !always.has(c.id)).sort(byLevel);
      const forget = h('select', { id: 'sr-forget' }, none(), ...forgettable.map(option));
      const learn = h('select', { id: 'sr-learn' }, none(), ...learnable.map(option));
      return {
        legend: t('sr.memorize'),
        nodes: [h('label', {}, h('span', {}, t('sr.forget')), forget), h('label', {}, h('span', {}, t('sr.learn')), learn)],
        add: (body) => { if (forget.value && learn.value) body.memorize = { forget: forget.value, learn: learn.value }; },
      };
    },
  },
];

/**
 * Opens the Short Rest dialog for `ch`: each choice that applies, then
 * Finish; a refusal shows in the dialog, which stays open. `ctx`:
 * `{ path(tail), onView(view), toast(text), errorBlock(err), cards, byId, spellName }`.
 */
export function openShortRest(ch, ctx) {
  document.getElementById('rest-dialog')?.remove();
  const parts = REST_CHOICES.filter((c) => c.applies(ch)).map((c) => ({ id: c.id, ...c.draw(ch, ctx) }));
  const refusal = h('div', { id: 'sr-said' });
  const go = h('button', { type: 'submit', class: 'primary', id: 'sr-go' }, t('sr.go'));
  const close = () => { dialog.close(); dialog.remove(); };
  const form = h('form', {
    class: 'stack', id: 'sr-form',
    // A refusal answers the choice it was given: a new choice clears it.
    oninput: () => refusal.replaceChildren(),
    onsubmit: async (ev) => {
      ev.preventDefault();
      const body = { kind: 'short' };
      for (const p of parts) p.add(body);
      go.disabled = true;
      try {
        const r = await post(ctx.path('rests'), body);
        close();
        ctx.toast(r.hit_dice_healed ? t('sr.healed', { name: ch.name, n: r.hit_dice_healed }) : t('sr.done', { name: ch.name }));
        ctx.onView(r.character);
      } catch (e) {
        refusal.replaceChildren(ctx.errorBlock(e));
        go.disabled = false;
      }
    },
  },
  h('header', { class: 'dlg-head' },
    h('h2', { id: 'sr-h' }, t('sr.title', { name: ch.name })),
    h('button', { type: 'button', class: 'ghost close', 'aria-label': t('close'), onclick: close }, '×')),
  h('p', { class: 'muted small' }, t('sr.intro')),
  ...parts.map((p) => h('fieldset', { id: p.id }, h('legend', {}, p.legend), ...p.nodes)),
  refusal,
  h('div', { class: 'row end dlg-foot' },
    h('button', { type: 'button', id: 'sr-cancel', onclick: close }, t('cancel')),
    go));
  const dialog = h('dialog', { id: 'rest-dialog', 'aria-labelledby': 'sr-h' }, form);
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  const first = dialog.querySelector('fieldset input, fieldset select');
  (first || go).focus();
}
