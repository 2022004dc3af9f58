// "What can I cast now": on the character sheet, every spell the
// character could cast at this moment with each way it can be powered and
// the part of the turn it takes, and every other spell with the rule that
// blocks it. The server computes it with the same checks as a cast.

import { get, enc } from './api.js';
import { t, getLang, explain } from './i18n.js';
import { h } from './dom.js';

function wayText(w) {
  switch (w.kind) {
    case 'cantrip': return t('opt.cantrip');
    case 'slot': return t('opt.slot', { n: w.level });
    case 'pact_slot': return t('opt.pact', { n: w.level });
    case 'ritual': return t('opt.ritual');
    case 'item': case 'feature': return t('opt.via', { name: w.name });
    case 'arcanum': return t('opt.arcanum');
    default: return w.kind;
  }
}

const ACTIONS = { action: 'sheet.action', bonus_action: 'sheet.bonus', reaction: 'sheet.reaction' };

/** The panel: a button that asks the server, then the two lists. */
export function optionsPanel(campaign, character, spellName) {
  const out = h('div', { id: 'options-out', 'aria-live': 'polite' });
  const ask = async () => {
    out.replaceChildren(h('p', { class: 'muted' }, t('log.loading')));
    try {
      const o = await get(`/campaigns/${enc(campaign)}/characters/${enc(character)}/options`);
      out.replaceChildren(
        h('h4', {}, t('opt.now')),
        o.castable.length ? h('ul', { class: 'plain', id: 'options-castable' }, ...o.castable.map((c) => h('li', {},
          h('strong', {}, spellName(c.spell)), ': ',
          c.ways.map((w) => `${wayText(w.way)} (${t(ACTIONS[w.action] || w.action)})`).join(', ')))) : h('p', { class: 'muted' }, t('opt.nothing')),
        o.blocked.length ? h('h4', {}, t('opt.notNow')) : null,
        o.blocked.length ? h('ul', { class: 'plain', id: 'options-blocked' }, ...o.blocked.map((b) => h('li', {},
          h('strong', {}, spellName(b.spell)), ': ',
          b.rule ? h('span', { class: 'rule' }, b.rule) : null, ' ',
          explain(b.code) || (getLang() === 'cs' && b.message_cs ? b.message_cs : b.message)))) : null);
    } catch (e) {
      out.replaceChildren(h('p', { class: 'refusal' }, e.message));
    }
  };
  return h('section', { class: 'card wide', 'aria-labelledby': 'opt-h' },
    h('h3', { id: 'opt-h' }, t('opt.title')),
    h('button', { type: 'button', id: 'options-ask', onclick: ask }, t('opt.ask')),
    out);
}
