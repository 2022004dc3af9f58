// Play at the table beyond spells (issue 34): a character's hit points
// and its death-save track at 0, weapon attacks with their card, and the
// GM's party rest. Each control posts to the documented API; what it did
// reaches every seat through the campaign's live events.

import { post, enc } from './api.js';
import { t, getLang, rollLabel, word, DAMAGE_TYPES } from './i18n.js';
import { h } from './dom.js';

// ---------- shared bits ----------

/** Every die of `rolls`, as the cast and log cards show them. */
export function rollsList(rolls) {
  if (!rolls || !rolls.length) return null;
  return h('ul', { class: 'plain rolls' }, ...rolls.map((roll) => h('li', {},
    h('span', { class: 'muted small' }, `${rollLabel(roll.label)} (${roll.notation}): `),
    ...roll.dice.map((d) => h('span', { class: 'die', 'aria-label': String(d) }, String(d))),
    h('strong', {}, ` = ${roll.total}`))));
}

const signed = (n) => (n >= 0 ? `+${n}` : String(n));

/** A weapon's name in the chosen language: from an attack seen before,
 *  else its id read as words (`light-crossbow` → `Light crossbow`). */
const weaponNames = new Map();
function weaponName(id) {
  const known = weaponNames.get(id);
  if (known) return getLang() === 'cs' && known.cs ? known.cs : known.en;
  const s = String(id).replace(/-/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// ---------- hit points and death saves ----------

/** The size of a class's Hit Point Dice (2024). */
const HIT_DIE = {
  barbarian: 12, fighter: 10, paladin: 10, ranger: 10, bard: 8, cleric: 8, druid: 8,
  monk: 8, rogue: 8, warlock: 8, sorcerer: 6, wizard: 6,
};

/** The character's Hit Point Dice left, largest first: `[{size, left}]`. */
export function hitDiceLeft(ch) {
  const pool = {};
  for (const c of ch.classes || []) {
    const size = HIT_DIE[c.class];
    if (size) pool[size] = (pool[size] || 0) + c.level;
  }
  const spent = (ch.vitals && ch.vitals.hit_dice_spent) || {};
  return Object.keys(pool).map(Number).sort((a, b) => b - a)
    .map((size) => ({ size, left: Math.max(0, pool[size] - (spent[`d${size}`] || 0)) }));
}

/** The death state of a character at 0 hit points: `dying`, `stable`,
 *  `dead`, or null while it stands. */
export function deathState(ch) {
  const v = ch && ch.vitals;
  if (!v) return null;
  const d = v.death || {};
  if (d.dead) return 'dead';
  if (v.hp > 0) return null;
  return d.stable ? 'stable' : 'dying';
}

function deathPips(n, kind) {
  return h('span', { class: `pips death-${kind}`, role: 'img', 'aria-label': t(`death.${kind}`, { n }) },
    ...[0, 1, 2].map((i) => h('span', { class: i < n ? 'pip full' : 'pip', 'aria-hidden': 'true' })));
}

/**
 * The death-save track: three success and three failure pips, the state
 * in words, and for the owner or the GM the buttons that roll the save
 * or stabilize. `ctx`: `{ mine, path(tail), onDone(report) , onError(err) }`.
 */
export function deathTrack(ch, ctx) {
  const state = deathState(ch);
  // A 20 brings the character back: the sheet still says so.
  if (!state) return ctx.keepSaid && ctx.last ? h('p', { class: 'death-result small', role: 'status' }, ctx.last) : null;
  const d = (ch.vitals && ch.vitals.death) || {};
  const status = h('p', { class: 'death-result small', role: 'status' }, ctx.last || '');
  const roll = (body) => async (ev) => {
    const btn = ev.currentTarget;
    btn.disabled = true;
    try {
      const r = await post(ctx.path('death-saves'), body);
      ctx.onDone(r);
    } catch (e) { ctx.onError(e); btn.disabled = false; }
  };
  return h('div', { class: `death-track ${state}`, 'data-state': state, 'data-name': ch.name },
    h('p', {}, h('strong', {}, t('death.title')), ' ',
      h('span', { class: `badge death ${state}` }, t(`death.${state}`))),
    h('div', { class: 'death-rows' },
      h('span', { class: 'death-row' }, deathPips(d.successes || 0, 'successes'),
        h('span', { class: 'small' }, t('death.successes', { n: d.successes || 0 }))),
      h('span', { class: 'death-row' }, deathPips(d.failures || 0, 'failures'),
        h('span', { class: 'small' }, t('death.failures', { n: d.failures || 0 })))),
    ctx.mine && state === 'dying' ? h('div', { class: 'row' },
      h('button', { type: 'button', class: 'primary death-roll', onclick: roll({}) }, t('death.roll')),
      h('button', { type: 'button', class: 'death-stabilize', onclick: roll({ stabilize: true }) }, t('death.stabilize'))) : null,
    status);
}

/** What a death save did, in a sentence (the track's status, the log). */
export function deathSentence(name, r) {
  if (!r || !r.roll || !r.result) return '';
  return t('death.rolled', { name, total: r.roll.total, verdict: t(`death.result.${r.result}`) });
}

/**
 * The hit points card: current, maximum, temporary, Armor Class, Hit
 * Dice left; the death-save track at 0; for the owner or the GM a form
 * that sets the maximum and AC, and one that heals or deals damage.
 * `ctx`: `{ mine, path(tail), onView(view), onError(err), death }`.
 */
export function vitalsCard(ch, ctx) {
  const v = ch.vitals;
  const dice = hitDiceLeft(ch).map((x) => `${x.left}d${x.size}`).join(', ');
  const send = async (tail, body) => {
    try {
      const r = await post(ctx.path(tail), body);
      ctx.onView(r.character || r);
    } catch (e) { ctx.onError(e); }
  };
  const max = h('input', { id: 'hp-max', type: 'number', min: 1, max: 999, inputmode: 'numeric', value: v ? v.max_hp : '' });
  const ac = h('input', { id: 'hp-ac', type: 'number', min: 1, max: 40, inputmode: 'numeric', value: v ? v.ac : '' });
  const amount = h('input', { id: 'hp-amount', type: 'number', min: 1, max: 999, inputmode: 'numeric', 'aria-label': t('hp.amount', { name: ch.name }) });
  const n = () => Number(amount.value) || 0;
  return h('section', { class: 'card vitals', id: 'vitals', 'aria-labelledby': 'hp-h' },
    h('h3', { id: 'hp-h' }, t('hp.title')),
    v ? h('p', { class: 'big hp-line', id: 'hp-line' },
      h('strong', {}, t('hp.line', { hp: v.hp, max: v.max_hp })),
      v.temp_hp ? h('span', { class: 'muted' }, ` ${t('hp.temp', { n: v.temp_hp })}`) : null,
      h('span', { class: 'muted' }, ` · ${t('hp.ac', { ac: v.ac })}`)) : h('p', { class: 'muted' }, t('hp.none')),
    dice ? h('p', { class: 'small muted' }, t('hp.dice', { dice })) : null,
    deathTrack(ch, ctx.death),
    ctx.mine && v ? h('form', {
      class: 'row hp-change',
      onsubmit: (ev) => ev.preventDefault(),
    }, amount,
    h('button', { type: 'button', id: 'hp-heal', onclick: () => { if (n() > 0) send('hp', { heal: n() }); } }, t('hp.heal')),
    h('button', { type: 'button', id: 'hp-damage', onclick: () => { if (n() > 0) send('damage', { amount: n() }); } }, t('hp.damage'))) : null,
    ctx.mine ? h('details', { class: 'fold', open: !v },
      h('summary', {}, `${t('hp.max')}, ${t('hp.acLabel')}`),
      h('form', {
        class: 'row', id: 'hp-form',
        onsubmit: (ev) => {
          ev.preventDefault();
          const body = {};
          if (max.value) body.max_hp = Number(max.value);
          if (ac.value) body.ac = Number(ac.value);
          send('hp', body);
        },
      }, h('label', {}, h('span', {}, t('hp.max')), max),
      h('label', {}, h('span', {}, t('hp.acLabel')), ac),
      h('button', { type: 'submit' }, t('hp.set')))) : null);
}

// ---------- weapon attacks ----------

/** What one attack did, as a card: who attacks whom with what, the roll
 *  against the target, every die, damage by type, and what a hit lets
 *  the attacker cast now (the smites). `a` is the API's attack view. */
export function attackResult(a, { onSmite, spellName = (id) => id } = {}) {
  weaponNames.set(a.weapon, { en: a.weapon_name, cs: a.weapon_name_cs });
  const tg = a.target || {};
  const hit = (tg.attacks || [])[0] || null;
  const verdict = hit ? h('p', { class: hit.hit === false ? 'attack-verdict miss' : 'attack-verdict hit' },
    h('strong', {}, t(hit.hit === false ? 'attack.miss' : hit.critical ? 'attack.crit' : 'attack.hit', { total: hit.total }))) : null;
  const mode = a.roll_mode && a.roll_mode !== 'normal' ? ` · ${t(`attack.mode.${a.roll_mode}`)}` : '';
  const parts = (tg.damage || []).filter((d) => d.taken || d.rolled)
    .map((d) => `${d.taken ?? d.rolled} ${word(DAMAGE_TYPES, d.damage_type)}`);
  const lines = [
    h('p', {}, h('strong', {}, t('attack.attacks', { attacker: a.attacker, target: tg.target || '', weapon: weaponName(a.weapon) })),
      h('span', { class: 'muted small' }, ` · ${t('attack.toHit', { bonus: signed(a.attack_bonus) })}${mode}`)),
    verdict,
    rollsList(a.rolls),
  ];
  if (tg.damage_total) {
    lines.push(h('p', { class: 'attack-damage' }, h('strong', {}, t('attack.damage', { n: tg.damage_total })),
      parts.length ? ` (${parts.join(', ')})` : '',
      tg.hp_after != null ? ` · ${t('attack.hpAfter', { n: tg.hp_after })}` : ''));
  }
  const cc = a.creature_concentration;
  if (cc && cc.creature) lines.push(h('p', { class: 'small' }, t(cc.kept ? 'attack.concentration' : 'attack.concentrationLost', { name: cc.creature })));
  for (const ch of a.characters || []) {
    const save = ch.save;
    if (save && save.roll) {
      lines.push(h('p', { class: 'small' }, t('roll.concSave', {
        name: ch.name, dc: save.dc, total: save.roll.total, verdict: t(save.kept ? 'roll.kept' : 'roll.lost'),
      })));
    }
  }
  if (a.attacks_left) lines.push(h('p', { class: 'small' }, t('attack.left', { n: a.attacks_left })));
  if (hit && hit.hit !== false && (a.smites || []).length && onSmite) {
    lines.push(h('p', { class: 'small' }, t('attack.after')),
      h('div', { class: 'row' }, ...a.smites.map((id) => h('button', {
        type: 'button', class: 'smite', onclick: () => onSmite(id, tg.target),
      }, t('attack.smite', { spell: spellName(id) })))));
  }
  return h('div', { class: 'done attack-result', 'data-weapon': a.weapon }, ...lines.filter(Boolean));
}

/**
 * The weapon attack card of a character: weapon and target, Advantage,
 * Disadvantage, two hands; the last attack's card under it.
 * `ctx`: `{ targets(): Promise<string[]>, path(tail), onAttack(report),
 * onError(err), last, spellName(id), onSmite(id, target) }`.
 */
export function attackCard(ch, ctx) {
  const weapons = (ch.equipment && ch.equipment.weapons) || (ch.state && ch.state.equipment && ch.state.equipment.weapons) || [];
  const box = h('section', { class: 'card attack', id: 'attack-card', 'aria-labelledby': 'attack-h' },
    h('h3', { id: 'attack-h' }, t('attack.title')));
  if (!weapons.length) {
    box.append(h('p', { class: 'muted' }, t('attack.noWeapons')));
    return box;
  }
  const weapon = h('select', { id: 'attack-weapon' }, ...weapons.map((w) => h('option', { value: w }, weaponName(w))));
  const target = h('select', { id: 'attack-target', required: true });
  const adv = h('input', { type: 'checkbox', id: 'attack-adv' });
  const dis = h('input', { type: 'checkbox', id: 'attack-dis' });
  const two = h('input', { type: 'checkbox', id: 'attack-two' });
  const go = h('button', { type: 'submit', class: 'primary', id: 'attack-go' }, t('attack.go'));
  const none = h('p', { class: 'muted small', hidden: true }, t('attack.noTargets'));
  const out = h('div', { class: 'result', id: 'attack-out', role: 'status', 'aria-live': 'polite' });
  const opts = { onSmite: ctx.onSmite, spellName: ctx.spellName };
  if (ctx.last) out.append(attackResult(ctx.last, opts));
  ctx.targets().then((names) => {
    const keep = ctx.keepTarget || target.value;
    const list = names.filter((n) => n.toLowerCase() !== ch.name.toLowerCase());
    target.replaceChildren(...list.map((n) => h('option', { value: n, selected: n === keep }, n)));
    none.hidden = list.length > 0;
    go.disabled = !list.length;
  }).catch(() => { none.hidden = false; });
  box.append(h('form', {
    class: 'stack', id: 'attack-form',
    onsubmit: async (ev) => {
      ev.preventDefault();
      if (!target.value) return;
      go.disabled = true;
      try {
        const r = await post(ctx.path('attacks'), {
          weapon: weapon.value, target: target.value,
          advantage: adv.checked, disadvantage: dis.checked, two_handed: two.checked,
        });
        ctx.keepTarget = target.value;
        out.replaceChildren(attackResult(r.attack, opts));
        ctx.onAttack(r);
      } catch (e) {
        out.replaceChildren(ctx.errorBlock(e));
      } finally { go.disabled = false; }
    },
  },
  h('div', { class: 'row' },
    h('label', {}, h('span', {}, t('attack.weapon')), weapon),
    h('label', {}, h('span', {}, t('attack.target')), target)),
  none,
  h('div', { class: 'row checks' },
    h('label', { class: 'check-row' }, adv, h('span', {}, t('attack.advantage'))),
    h('label', { class: 'check-row' }, dis, h('span', {}, t('attack.disadvantage'))),
    h('label', { class: 'check-row' }, two, h('span', {}, t('attack.twoHanded')))),
  h('div', { class: 'row' }, go)), out);
  return box;
}

/** An attack as the table log keeps it: the live event's view, or the
 *  log's card of the change (`command` "attack …"), made one shape. */
export function attackLogCard(c, { gm, characters }) {
  const known = new Set(characters.map((x) => x.toLowerCase()));
  const tg = (c.targets || [])[0] || {};
  const view = {
    attacker: c.caster, weapon: c.spell, weapon_name: c.spell_name, weapon_name_cs: c.spell_name_cs,
    attack_bonus: c.attack_bonus, roll_mode: c.roll_mode, rolls: c.rolls,
    target: { ...tg, hp_after: gm || known.has(String(tg.target || '').toLowerCase()) ? tg.hp_after : null },
  };
  return h('li', { class: 'card log-card attack-card', 'data-weapon': c.spell }, attackResult(view));
}

/** The live event of an attack as a log card. */
export function attackAsCard(a) {
  return {
    kind: 'attack', caster: a.attacker, spell: a.weapon, spell_name: a.weapon_name, spell_name_cs: a.weapon_name_cs,
    attack_bonus: a.attack_bonus, roll_mode: a.roll_mode, rolls: a.rolls, targets: a.target ? [a.target] : [],
  };
}

// ---------- party rest ----------

/** How many Hit Point Dice a Short Rest spends by default, as the
 *  server's `to_heal` counts them: the largest left first, until their
 *  averages (half the die plus 1, plus Constitution, at least 1) cover
 *  the hit points missing; none at full hit points or when dead.
 *  `[{size, n, left}]`. */
export function defaultHitDice(ch) {
  const v = ch.vitals;
  const left = hitDiceLeft(ch);
  if (!v || (v.death && v.death.dead)) return left.map((x) => ({ ...x, n: 0 }));
  const con = Math.floor((((ch.abilities || {}).con) ?? 10) / 2) - 5;
  let missing = v.max_hp - v.hp;
  return left.map((x) => {
    let n = 0;
    while (n < x.left && missing > 0) { n += 1; missing -= Math.max(1, x.size / 2 + 1 + con); }
    return { ...x, n };
  });
}

/** The dice a rest spent and what they gave, in words. */
function spentText(rolls) {
  if (!rolls || !rolls.length) return '';
  const dice = rolls.map((x) => `d${x.size}`).join(', ');
  const n = rolls.reduce((sum, x) => sum + x.healed, 0);
  return ` · ${t('rest.spent', { dice, n })}`;
}

/**
 * The GM's party rest: Short or Long for every character. A Short Rest
 * first lists each character's Hit Point Dice to spend, defaulted to
 * what heals it; the whole party rests in one change (`POST …/rests`):
 * as defaulted with `hit_dice: to_heal`, otherwise with each character's
 * own dice (`hit_dice_each`). The result is listed under the buttons.
 * `ctx`: `{ campaign, characters, explain(err|code), onDone() }`.
 */
export function partyRestCard(ctx) {
  const out = h('div', { id: 'rest-out', role: 'status', 'aria-live': 'polite' });
  const choose = h('form', { class: 'stack', id: 'rest-dice', hidden: true });
  const result = (kind, rows) => {
    out.replaceChildren(h('div', { class: 'done' },
      h('p', { class: 'ok' }, t(kind === 'short' ? 'rest.doneShort' : 'rest.doneLong')),
      h('ul', { class: 'plain', id: 'rest-members' }, ...rows)));
    ctx.onDone();
  };
  const memberRow = (m, extra = '') => h('li', { 'data-name': m.name }, m.refused
    ? t('rest.refused', { name: m.name, why: ctx.explain(m.refused) })
    : (m.max_hp != null ? t('rest.member', { name: m.name, hp: m.hp, max: m.max_hp }) : t('rest.memberNoHp', { name: m.name })) + extra);
  const party = async (kind, hitDice, each) => {
    try {
      const body = { kind };
      if (hitDice) body.hit_dice = hitDice;
      if (each) body.hit_dice_each = each;
      const r = await post(`/campaigns/${enc(ctx.campaign)}/rests`, body);
      result(kind, r.characters.map((m) => memberRow(m, spentText(m.hit_dice_rolls))));
    } catch (e) { out.replaceChildren(ctx.errorBlock(e)); }
  };
  const openShort = () => {
    const rows = [];
    for (const ch of ctx.characters()) {
      for (const d of defaultHitDice(ch)) {
        if (!d.left) continue;
        rows.push(h('label', { class: 'dice-row' },
          h('span', {}, t('rest.diceFor', { name: ch.name, size: `d${d.size}`, left: d.left })),
          h('input', { type: 'number', min: 0, max: d.left, value: d.n, inputmode: 'numeric', 'data-name': ch.name, 'data-size': d.size, 'data-default': d.n })));
      }
    }
    if (!rows.length) { party('short'); return; }
    choose.replaceChildren(h('fieldset', {}, h('legend', {}, t('rest.dice')), ...rows),
      h('div', { class: 'row' },
        h('button', { type: 'submit', class: 'primary', id: 'rest-go' }, t('rest.go')),
        h('button', { type: 'button', onclick: () => { choose.hidden = true; } }, t('rest.cancel'))));
    choose.hidden = false;
  };
  choose.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const dice = {};
    const inputs = [...choose.querySelectorAll('input[data-name]')];
    choose.hidden = true;
    // The defaults as chosen: the whole party rests in one change, the
    // server spending what heals each one (`to_heal`).
    if (inputs.every((i) => Number(i.value) === Number(i.dataset.default))) { party('short', 'to_heal'); return; }
    for (const i of inputs) {
      const n = Math.max(0, Math.min(Number(i.max), Number(i.value) || 0));
      if (!n) continue;
      (dice[i.dataset.name] ||= {})[`d${i.dataset.size}`] = n;
    }
    // Each character's own dice, the party still resting in one change.
    party('short', null, Object.keys(dice).length ? dice : null);
  });
  return h('section', { class: 'card', id: 'party-rest', 'aria-labelledby': 'rest-h' },
    h('h3', { id: 'rest-h' }, t('rest.title')),
    h('p', { class: 'muted small' }, t('rest.intro')),
    h('div', { class: 'row' },
      h('button', { type: 'button', id: 'rest-short', onclick: openShort }, t('rest.short')),
      h('button', { type: 'button', id: 'rest-long', onclick: () => party('long') }, t('rest.long'))),
    choose, out);
}
