// House rules: the GM may relax R10, R11 or R14 for the campaign, so a
// cast breaking them goes ahead with a warning. Everyone at the table sees
// which rules are relaxed (on the Table tab) and, under each such cast,
// what was let pass.

import { get, put, enc } from './api.js';
import { t, getLang } from './i18n.js';
import { h } from './dom.js';

/** The warnings under a cast: each rule the table's house rules let pass. */
export function waivedBlock(waived) {
  if (!waived || !waived.length) return null;
  const cs = getLang() === 'cs';
  return h('ul', { class: 'plain waived' }, ...waived.map((w) => h('li', { class: 'warn' },
    h('strong', {}, t('house.waived', { rule: w.house_rule })), ' ',
    (w.messages && w.messages[getLang()]) || (cs && w.message_cs ? w.message_cs : w.message))));
}

/** The relaxed rules as a short line (`R14 relaxed: …`), or `null`. */
function relaxedList(view) {
  if (!view.relaxed.length) return h('p', { class: 'muted', id: 'house-rules-now' }, t('house.none'));
  return h('ul', { class: 'plain', id: 'house-rules-now' }, ...view.relaxed.map((r) => h('li', { class: 'warn' },
    h('strong', {}, t('house.relaxed', { rule: r.rule })), ' ', (r.messages && r.messages[getLang()]) || r.allows)));
}

/** The Table tab's card: what this campaign relaxes; the GM may change it. */
export async function houseRulesCard(campaign, gm, onError) {
  const box = h('div', { class: 'card', id: 'house-rules', 'aria-labelledby': 'house-h' });
  let view;
  try {
    view = await get(`/campaigns/${enc(campaign)}/house-rules`);
  } catch (e) {
    onError(e);
    return box;
  }
  const draw = () => {
    const parts = [h('h3', { id: 'house-h' }, t('house.title')), relaxedList(view)];
    if (gm) {
      const boxes = view.relaxable.map((rule) => h('label', { class: 'check-row' },
        h('input', { type: 'checkbox', value: rule, checked: view.relaxed.some((r) => r.rule === rule) }),
        ` ${t(`house.${rule}`)}`));
      const msg = h('p', { class: 'small', id: 'house-rules-msg', 'aria-live': 'polite' });
      parts.push(h('form', {
        class: 'stack', id: 'house-rules-form',
        onsubmit: async (ev) => {
          ev.preventDefault();
          const relaxed = boxes.map((l) => l.querySelector('input')).filter((i) => i.checked).map((i) => i.value);
          try {
            view = await put(`/campaigns/${enc(campaign)}/house-rules`, { relaxed });
            draw();
            box.querySelector('#house-rules-msg').textContent = t('house.saved');
          } catch (e) { msg.textContent = e.message; }
        },
      }, h('p', { class: 'small muted' }, t('house.intro')), ...boxes,
      h('button', { type: 'submit' }, t('house.save')), msg));
    }
    box.replaceChildren(...parts);
  };
  draw();
  return box;
}
