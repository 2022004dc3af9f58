// "What can I cast now": on the character sheet, every spell the
// character could cast at this moment with each way it can be powered and
// the part of the turn it takes, and every other spell with the rule that
// blocks it. The server computes it with the same checks as a cast.

import { get, enc } from './api.js';
import { t, getLang, explain, num } from './i18n.js';
import { h } from './dom.js';

function wayText(w) {
  switch (w.kind) {
    case 'cantrip': return t('opt.cantrip');
    case 'slot': return t('opt.slot', { n: w.level });
    case 'pact_slot': return t('opt.pact', { n: w.level });
    case 'ritual': return t('opt.ritual');
    case 'item': case 'feature': return t('opt.via', { name: w.name });
    case 'arcanum': return t('opt.arcanum');
    case 'points_slot': return t('opt.points', { level: w.level, points: w.points });
    default: return w.kind;
  }
}

// The sheet is redrawn whenever the character changes (a live update, the
// end of a turn): an answer, even one arriving meanwhile, must survive it.
// Each panel remembers its last answer for the character's version it was
// asked about; an answer about an earlier state is not shown again.
const asked = { key: null, shown: [] };
const plan = { target: 'ac=15,hp=40', key: null, shown: [] };

/** The answer area `id`, showing what `memory` kept for `key`, and the
 *  function that shows an answer in whichever such area is on screen. */
function answerBox(memory, id, key) {
  if (memory.key !== key) memory.shown = [];
  memory.key = key;
  const box = h('div', { id, 'aria-live': 'polite' }, ...memory.shown);
  const show = (...all) => {
    // replaceChildren writes a null as the text "null" (issue 37: "nullnull"
    // after Check now when nothing is blocked): only nodes go in.
    const nodes = all.filter((n) => n != null && n !== false);
    memory.shown = nodes;
    (document.getElementById(id) || box).replaceChildren(...nodes);
  };
  return [box, show];
}

const ACTIONS = { action: 'sheet.action', bonus_action: 'sheet.bonus', reaction: 'sheet.reaction' };

/** The panel: a button that asks the server, then the two lists. */
export function optionsPanel(campaign, character, spellName, version, ready = async () => {}) {
  const [out, show] = answerBox(asked, 'options-out', `${campaign}\u0001${character}\u0001${version}`);
  const ask = async () => {
    show(h('p', { class: 'muted' }, t('log.loading')));
    try {
      // The spells' names come from the cards: read them first, if not yet.
      const [o] = await Promise.all([get(`/campaigns/${enc(campaign)}/characters/${enc(character)}/options`), ready()]);
      show(
        h('h4', {}, t('opt.now')),
        o.castable.length ? h('ul', { class: 'plain', id: 'options-castable' }, ...o.castable.map((c) => h('li', {},
          h('strong', {}, spellName(c.spell)), ': ',
          c.ways.map((w) => `${wayText(w.way)} (${t(ACTIONS[w.action] || w.action)})`).join(', ')))) : h('p', { class: 'muted' }, t('opt.nothing')),
        o.blocked.length ? h('h4', {}, t('opt.notNow')) : null,
        o.blocked.length ? h('ul', { class: 'plain', id: 'options-blocked' }, ...o.blocked.map((b) => h('li', {},
          h('strong', {}, spellName(b.spell)), ': ',
          b.rule ? h('span', { class: 'rule' }, b.rule) : null, ' ',
          explain(b.code) || (b.messages && b.messages[getLang()]) || b.message))) : null);
    } catch (e) {
      show(h('p', { class: 'refusal' }, e.message));
    }
  };
  return h('section', { class: 'card wide', 'aria-labelledby': 'opt-h' },
    h('h3', { id: 'opt-h' }, t('opt.title')),
    h('button', { type: 'button', id: 'options-ask', onclick: ask }, t('opt.ask')),
    out);
}

/** The what-if planner: the target's numbers, then every castable spell
 *  and slot with its expected damage and chances, best first. */
/** `version` is the character's: an answer about an earlier state of the
 *  character is not shown again once it has changed. */
export function planPanel(campaign, character, spellName, version, ready = async () => {}) {
  // The typed target survives a redraw too.
  const spec = h('input', {
    id: 'plan-target', maxlength: 200, value: plan.target, 'aria-label': t('plan.target'), placeholder: t('plan.example'),
    oninput: (ev) => { plan.target = ev.target.value; },
  });
  const [out, show] = answerBox(plan, 'plan-out', `${campaign}\u0001${character}\u0001${version}`);
  const pct = (p) => (p == null ? '–' : `${Math.round(p * 100)} %`);
  const ask = async (ev) => {
    ev.preventDefault();
    show(h('p', { class: 'muted' }, t('log.loading')));
    try {
      const [p] = await Promise.all([get(`/campaigns/${enc(campaign)}/characters/${enc(character)}/plan?top=12&target=${enc(spec.value.trim())}`), ready()]);
      if (!p.lines.length) { show(h('p', { class: 'muted' }, t('plan.none'))); return; }
      show(h('div', { class: 'table-scroll' }, h('table', { class: 'compact', id: 'plan-table' },
        h('thead', {}, h('tr', {}, ...['spells.name', 'plan.slot', 'plan.mean', 'plan.range', 'plan.hits', 'plan.fails', 'plan.kill']
          .map((k) => h('th', { scope: 'col' }, t(k))))),
        h('tbody', {}, ...p.lines.map((l) => h('tr', { 'data-spell': l.spell },
          h('th', { scope: 'row' }, spellName(l.spell)),
          h('td', {}, l.level === 0 ? t('opt.cantrip') : wayText(l.way)),
          h('td', {}, num(l.mean)),
          h('td', {}, `${l.min}–${l.max}`),
          h('td', {}, pct(l.hit_chance)),
          h('td', {}, pct(l.fail_chance)),
          h('td', {}, pct(l.kill_chance))))))));
    } catch (e) {
      show(h('p', { class: 'refusal', role: 'alert' }, e.message));
    }
  };
  return h('section', { class: 'card wide', 'aria-labelledby': 'plan-h' },
    h('h3', { id: 'plan-h' }, t('plan.title')),
    h('form', { class: 'row', id: 'plan-form', onsubmit: ask },
      h('label', { class: 'grow' }, h('span', {}, t('plan.target')), spec),
      h('button', { type: 'submit' }, t('plan.go'))),
    out);
}

// ---------- the cast dialog's Metamagic (issue 35) ----------

const TRANSMUTABLE = ['acid', 'cold', 'fire', 'lightning', 'poison', 'thunder'];

/** Fills `box` (the cast dialog's fieldset) with the Metamagic options
 *  `character` knows for `spellId`, as the server's options list them:
 *  each with its cost and a checkbox; one that cannot reshape the spell
 *  disabled, with why. Careful and Heightened ask which of the targets
 *  (`targets()` gives the names chosen so far), Transmuted the new type. */
export async function metamagicFieldset(box, campaign, character, spellId, targets) {
  box.hidden = true;
  box.replaceChildren();
  // The dialog may open on another spell before the answer comes.
  box.dataset.spell = spellId;
  let o;
  try {
    o = await get(`/campaigns/${enc(campaign)}/characters/${enc(character)}/options`);
  } catch { return; }
  if (box.dataset.spell !== spellId) return;
  const c = o.castable.find((x) => x.spell === spellId);
  const known = (c && c.metamagic) || [];
  if (!known.length) return;
  const rows = known.map((m) => {
    const id = `mm-${m.option}`;
    const extra = h('div', { class: 'mm-extra', hidden: true });
    const tick = h('input', {
      type: 'checkbox', id, value: m.option, disabled: !m.applies,
      onchange: () => { extra.hidden = !tick.checked; if (tick.checked) fillExtra(extra, m.option, targets()); },
    });
    const why = m.applies ? null : h('span', { class: 'muted small mm-why' }, ' ', (m.why && (m.why[getLang()] || m.why.en)) || m.unfit);
    return h('div', { class: 'mm-row', 'data-option': m.option },
      h('label', { class: 'check-row' }, tick, ` ${t(`metamagic-${m.option}`)} (${t('cast.mmCost', { n: m.cost })})`),
      why, extra);
  });
  box.replaceChildren(h('legend', {}, t('cast.metamagic')), ...rows);
  box.hidden = false;
}

/** What an option asks: the targets it acts on, or the new damage type. */
function fillExtra(extra, option, names) {
  if (option === 'careful' || option === 'heightened') {
    const kind = option === 'careful' ? 'checkbox' : 'radio';
    extra.replaceChildren(h('span', { class: 'muted small' }, t('cast.mmCreatures')), ' ',
      ...names.map((n, i) => h('label', { class: 'radio' },
        h('input', { type: kind, name: `mm-${option}-who`, value: n, checked: i === 0 }), ` ${n}`)));
  } else if (option === 'transmuted') {
    extra.replaceChildren(h('label', {}, h('span', {}, t('cast.mmType')), ' ',
      h('select', { class: 'mm-type' }, ...TRANSMUTABLE.map((d) => h('option', { value: d }, t(`damage-${d}`))))));
  } else {
    extra.replaceChildren();
  }
}

/** The cast body's `metamagic`: every option ticked, with its choices. */
export function metamagicBody(box) {
  return [...box.querySelectorAll('.mm-row')].filter((r) => r.querySelector('input[type=checkbox][id^=mm-]:checked')).map((r) => {
    const option = r.dataset.option;
    const use = { option };
    const who = [...r.querySelectorAll(`input[name="mm-${option}-who"]:checked`)].map((i) => i.value);
    if (who.length) use.creatures = who;
    const type = r.querySelector('.mm-type');
    if (type) use.damage_type = type.value;
    return use;
  });
}
