// Levelling up on the character sheet (the API's `POST …/advance`): a
// class, its new level and how the hit points grow (the fixed value or a
// roll of each new level's Hit Die). What came of it stays under the form
// until the character changes again: the new classes and maximum, and
// each die rolled as the CLI shows it; a refusal shows there instead,
// with its code and its explanation.

import { post } from './api.js';
import { t, CLASSES, word } from './i18n.js';
import { h } from './dom.js';
import { keptSelect } from './resources.js';

/** What the last level-up of each character said, by its name. */
const shown = new Map();

/** The character's level in `cls`, 0 when it has none. */
function levelIn(ch, cls) {
  const c = (ch.classes || []).find((x) => x.class === cls);
  return c ? c.level : 0;
}

/** The lines an advance's answer shows: classes and maximum, then each
 *  Hit Die rolled. */
function answerLines(r) {
  const view = r.character || {};
  const classes = (view.classes || []).map((c) => `${word(CLASSES, c.class)} ${c.level}`).join(' / ');
  const v = view.vitals;
  const lines = [v ? t('advance.doneHp', { classes, max: v.max_hp }) : t('advance.done', { classes })];
  const advanced = (r.events || []).find((e) => e.event === 'advanced');
  for (const d of (advanced && advanced.rolls) || []) {
    lines.push(t('advance.rolled', {
      class: word(CLASSES, d.class), size: d.size, face: d.face,
      con: d.con >= 0 ? `+${d.con}` : d.con, hp: d.hp,
    }));
  }
  return lines;
}

/**
 * The level-up card, for the character's owner or the GM (`null` for
 * anyone else). `ctx`: `{ mine, path(tail), onView(view), errorBlock(err) }`.
 */
export function advanceCard(ch, ctx) {
  if (!ctx.mine) return null;
  const own = (ch.classes || []).map((c) => c.class);
  const cls = h('select', { id: 'adv-class' },
    ...[...own, ...Object.keys(CLASSES).filter((k) => !own.includes(k))]
      .map((k) => h('option', { value: k }, word(CLASSES, k))));
  const level = h('input', {
    id: 'adv-level', type: 'number', min: 1, max: 20, inputmode: 'numeric',
    value: Math.min(20, levelIn(ch, cls.value) + 1),
  });
  cls.addEventListener('change', () => { level.value = Math.min(20, levelIn(ch, cls.value) + 1); });
  const hp = keptSelect(ch, 'adv-hp', [
    { value: 'fixed', label: t('advance.fixed') },
    { value: 'roll', label: t('advance.roll') },
  ]);
  const last = shown.get(ch.name);
  const said = last && last.version === ch.version ? last : null;
  return h('section', { class: 'card', id: 'advance', 'aria-labelledby': 'adv-h' },
    h('h3', { id: 'adv-h' }, t('advance.title')),
    h('form', {
      class: 'stack',
      onsubmit: async (ev) => {
        ev.preventDefault();
        const body = { classes: [{ class: cls.value, level: Number(level.value) || 1 }], hp: hp.value };
        try {
          const r = await post(ctx.path('advance'), body);
          shown.set(ch.name, { version: r.character.version, lines: answerLines(r) });
          ctx.onView(r.character);
        } catch (e) {
          shown.set(ch.name, { version: ch.version, err: e });
          ctx.onView(null);
        }
      },
    },
    h('div', { class: 'row' },
      h('label', {}, h('span', {}, t('advance.class')), cls),
      h('label', {}, h('span', {}, t('advance.level')), level)),
    h('label', {}, h('span', {}, t('advance.hp')), hp),
    h('button', { type: 'submit', id: 'adv-go' }, t('advance.go'))),
    h('div', { id: 'adv-said', class: 'said', 'aria-live': 'polite' },
      said && said.err ? ctx.errorBlock(said.err) : null,
      said && said.lines ? h('ul', { class: 'plain' }, ...said.lines.map((l) => h('li', {}, l))) : null));
}
