// The web table: log in, pick a campaign, browse spells, keep a character
// sheet live, cast with a preview of the odds, run an encounter.

import { call, get, post, enc, follow, followPath, getToken, setToken, whenSignedOut, ApiError } from './api.js';
import {
  t, setLang, getLang, initialLang, translate, explain, pick, levelName, num, rollLabel,
  CLASSES, CONDITIONS, ABILITIES, word,
} from './i18n.js';
import { damageChart } from './chart.js';
import { $, h } from './dom.js';
import { bindTokens, renderTokens, revokeCurrent, clearFresh, showFresh } from './tokens.js';
import { takeJoinLink, joinPending, acceptPending, inviteCard, refreshInvites } from './invites.js';
import { windowCard, outcomeCard, creatureCastForm, creatureAttackForm, creatureRollForm, creatureAddForm, reactionAlert, loadBestiary, monsterName } from './reactions.js';
import { loadLog, liveCast, renderLog, resetLog } from './log.js';
import { optionsPanel, planPanel, metamagicFieldset, metamagicBody } from './options.js';
import { houseRulesCard, waivedBlock } from './house.js';
import { importCard } from './import.js';
import { vitalsCard, deathTrack, deathSentence, attackCard, attackAsCard, partyRestCard } from './play.js';
import { resourcePips, resourceCard, openShortRest } from './resources.js';
import { advanceCard } from './advance.js';

const app = {
  me: null,
  campaigns: [],
  campaign: null, // id
  role: null,
  characters: [],
  character: null, // name
  cards: [],
  byId: new Map(),
  stopLive: null,
  encounter: null,
  tab: 'table',
  castChartOpen: true, // the cast dialog's damage chart, folded or not
  scrolls: {}, // each tab's scroll position when it was left
};

// ---------- messages ----------

function toast(text) {
  const el = $('#toast');
  el.textContent = text;
  el.classList.add('show');
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => el.classList.remove('show'), 3500);
}

/** A refusal or failure, explained in the chosen language; `fix` is an
 *  optional control that leads to what would make the action legal. */
function errorBlock(err, fix = null) {
  const code = err instanceof ApiError ? err.code : 'generic';
  const why = explain(code) || (code === 'network' ? t('err.network') : null);
  return h('div', { class: 'refusal', role: 'alert' },
    h('strong', {}, t('cast.refused')),
    err.rule ? h('span', { class: 'rule' }, t('cast.rule', { rule: err.rule })) : null,
    h('code', {}, code),
    why ? h('p', {}, why) : null,
    err.message && err.message !== why ? h('p', { class: 'muted small' }, err.message) : null,
    fix);
}

/** The equipment control that fixes a components refusal (R14b, R14c). */
const EQUIPMENT_FIX = {
  no_free_hand: '#eq-hands',
  missing_material: '#eq-pouch',
  // A costly material's worth is written with the material itself.
  material_worth_unknown: '#eq-materials',
  material_too_cheap: '#eq-materials',
};

/** For a refusal the sheet's Hands and components can cure, a button
 *  that closes the dialog and puts the focus on the control to change. */
function equipmentFix(err) {
  const sel = err instanceof ApiError ? EQUIPMENT_FIX[err.code] : null;
  if (!sel) return null;
  return h('p', {}, h('button', {
    type: 'button', class: 'link', id: 'fix-equipment',
    onclick: () => {
      $('#cast-dialog').close();
      // pushState, not location.hash: a hashchange would redraw the sheet
      // after the focus has moved and lose it.
      if (location.hash !== '#sheet') history.pushState(null, '', '#sheet');
      showTab('sheet');
      const el = $(sel);
      if (el) { el.scrollIntoView({ block: 'center' }); el.focus(); }
    },
  }, t('cast.fixEquipment')));
}

function errorText(err) {
  const why = explain(err.code) || err.message || t('err.generic');
  return err.rule ? `${err.rule}: ${why}` : why;
}

// ---------- tabs ----------

function showTab(tab) {
  if (!app.me) tab = 'login';
  // Each tab keeps its own scroll position: leaving one remembers it.
  const leaving = app.tab;
  if (leaving !== tab) app.scrolls[leaving] = window.scrollY;
  app.tab = tab;
  for (const s of document.querySelectorAll('main > section')) s.hidden = true;
  const section = tab === 'login' ? $('#login') : $(`#tab-${tab}`);
  if (section) section.hidden = false;
  for (const a of document.querySelectorAll('#nav a')) {
    if (a.dataset.tab === tab) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
  if (tab === 'table' && app.me) renderTable();
  if (tab === 'spells') renderSpells();
  if (tab === 'sheet') renderSheet();
  if (tab === 'encounter') { loadEncounter(); $('#react-alert')?.remove(); }
  if (tab === 'log') showLog();
  if (tab === 'tokens') renderTokens();
  if (leaving !== tab) restoreScroll(tab);
}

/** Scrolls back to where `tab` was left, once its content is laid out. */
function restoreScroll(tab) {
  const y = app.scrolls[tab] || 0;
  window.scrollTo(0, y);
  if (y > 0) requestAnimationFrame(() => { if (app.tab === tab) window.scrollTo(0, y); });
}

function route() {
  // An invite link opened while signed in: join, then the Table tab.
  if (takeJoinLink()) { if (app.me) joinFromLink(); else $('#join-note').hidden = false; }
  const tab = (location.hash || '#table').slice(1);
  showTab(['spells', 'sheet', 'encounter', 'log', 'table', 'tokens'].includes(tab) ? tab : 'table');
}

// ---------- login ----------

async function useToken(tok) {
  setToken(tok);
  try {
    app.me = await get('/me');
  } catch (e) {
    setToken(null);
    app.me = null;
    throw e;
  }
  app.campaigns = app.me.campaigns || [];
  // News for this account alone: a GM adding it to a campaign.
  if (app.stopAccount) app.stopAccount();
  app.stopAccount = followPath('/me/events', { onEvent: onAccountNews, onState: () => {} });
  $('#who').textContent = app.me.account.name;
  $('#nav').hidden = false;
  $('#logout').hidden = false;
  let saved = null;
  try { saved = localStorage.getItem('grimoire.campaign'); } catch { /* private mode */ }
  const pickId = app.campaigns.find((c) => c.id === saved) ? saved : app.campaigns[0]?.id;
  const joining = joinPending();
  if (pickId && !joining) await openCampaign(pickId); else renderTable();
  route();
  if (joining) await joinFromLink(pickId);
}

/** Opens the invite link this tab was given: the campaign joined is
 *  listed and opened on the Table tab, or the refusal said there. */
async function joinFromLink(fallback = null) {
  $('#join-note').hidden = true;
  let c;
  try { c = await acceptPending(); } catch (e) {
    if (fallback && !app.campaign) await openCampaign(fallback);
    if (location.hash !== '#table') history.pushState(null, '', '#table');
    showTab('table');
    $('#table-msg').textContent = errorText(e);
    return;
  }
  if (!c) return;
  const i = app.campaigns.findIndex((x) => x.id === c.id);
  if (i >= 0) app.campaigns[i] = c; else app.campaigns.push(c);
  await openCampaign(c.id);
  if (location.hash !== '#table') history.pushState(null, '', '#table');
  showTab('table');
  const text = t('invite.joined', { title: c.title });
  $('#table-msg').textContent = text;
  toast(text);
}

function bindLogin() {
  $('#register-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    $('#login-error').textContent = '';
    try {
      const r = await post('/accounts', { name: $('#reg-name').value.trim() });
      await useToken(r.token);
      showFresh(r.token);
      toast(t('login.created'));
    } catch (e) { $('#login-error').textContent = errorText(e); }
  });
  $('#token-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    $('#login-error').textContent = '';
    try { await useToken($('#token-input').value.trim()); } catch (e) { $('#login-error').textContent = errorText(e); }
  });
  $('#logout').addEventListener('click', async () => {
    // Logging out revokes the token, not just forgets it here.
    await revokeCurrent();
    loggedOut();
  });
  bindTokens({ errorText, loggedOut });
}

/** Back to the login page with no token kept. */
/** A GM added this account to a campaign: it is listed at once, and
 *  opened when it is the first. */
async function onAccountNews(kind, ev) {
  if (kind !== 'added' || !ev || !ev.data || !ev.data.campaign) return;
  try { app.me = await get('/me'); } catch { return; }
  app.campaigns = app.me.campaigns || [];
  toast(t('table.addedTo', { title: ev.data.title || ev.data.campaign, by: ev.by }));
  if (!app.campaign) await openCampaign(ev.data.campaign); else renderTable();
}

function loggedOut(reason = '') {
  setToken(null);
  if (app.stopAccount) { app.stopAccount(); app.stopAccount = null; }
  clearFresh();
  if (app.stopLive) app.stopLive();
  app.me = null; app.campaign = null; app.characters = [];
  resetLog();
  $('#conc-prompts').replaceChildren();
  $('#nav').hidden = true; $('#logout').hidden = true; $('#who').textContent = ''; $('#live').hidden = true;
  showTab('login');
  $('#login-error').textContent = reason;
}

// ---------- campaigns and characters ----------

async function openCampaign(id) {
  app.campaign = id;
  try { localStorage.setItem('grimoire.campaign', id); } catch { /* private mode */ }
  // The campaign and its characters are asked for together, and the house
  // rules are drawn beside the tab that opens next rather than before it
  // (issue 37: one round trip where there were three, on a phone link).
  const [c] = await Promise.all([get(`/campaigns/${enc(id)}`), loadCharacters()]);
  const i = app.campaigns.findIndex((x) => x.id === id);
  if (i >= 0) app.campaigns[i] = c; else app.campaigns.push(c);
  app.role = roleIn(c);
  restorePrompts();
  if (app.stopLive) app.stopLive();
  app.stopLive = follow(id, {
    onEvent: onLive,
    onState: (on) => { $('#live').hidden = !on; document.body.dataset.live = on ? 'on' : 'off'; },
    // 403: the GM removed this account (a 401 signs out, see start()).
    onRefused: (e) => { if (e.status === 403) leftCampaign(id); },
  });
  renderTable();
  drawHouseRules().catch((e) => { $('#table-msg').textContent = errorText(e); });
}

/** The GM removed this account from campaign `id`: it leaves the list,
 *  and the table says so. */
function leftCampaign(id) {
  const c = app.campaigns.find((x) => x.id === id);
  app.campaigns = app.campaigns.filter((x) => x.id !== id);
  if (app.campaign === id) {
    app.campaign = null; app.characters = []; app.character = null; app.stopLive = null;
    $('#live').hidden = true;
    try { localStorage.removeItem('grimoire.campaign'); } catch { /* private mode */ }
  }
  const text = t('table.removed', { title: c ? c.title : id });
  if (location.hash !== '#table') history.pushState(null, '', '#table');
  showTab('table');
  drawHouseRules();
  $('#table-msg').textContent = text;
  toast(text);
}

/** The campaign's house rules on the Table tab (the GM may change them). */
async function drawHouseRules() {
  const slot = $('#house-rules-slot');
  const id = app.campaign;
  if (!id) { slot.replaceChildren(); return; }
  const card = await houseRulesCard(id, app.role === 'gm', (e) => { $('#table-msg').textContent = errorText(e); });
  // Another campaign opened meanwhile draws its own.
  if (app.campaign === id) slot.replaceChildren(card);
}

function roleIn(c) {
  const me = app.me.account.name.toLowerCase();
  if ((c.gm || '').toLowerCase() === me) return 'gm';
  return 'player';
}

async function loadCharacters() {
  app.characters = await get(`/campaigns/${enc(app.campaign)}/characters`);
  const mine = app.characters.filter((c) => c.owner.toLowerCase() === app.me.account.name.toLowerCase());
  if (!app.characters.find((c) => c.name === app.character)) {
    app.character = (mine[0] || app.characters[0] || {}).name || null;
  }
}

function currentCharacter() {
  const found = app.characters.find((c) => c.name === app.character);
  if (found || !app.characters.length) return found || null;
  app.character = app.characters[0].name;
  return app.characters[0];
}

function putCharacter(view) {
  const i = app.characters.findIndex((c) => c.name.toLowerCase() === view.name.toLowerCase());
  if (i >= 0) {
    // Live events can arrive out of order with responses: keep the newest.
    if (app.characters[i].version > view.version) return;
    app.characters[i] = view;
  } else app.characters.push(view);
}

function renderTable() {
  const list = $('#campaign-list');
  list.replaceChildren(...(app.campaigns.length ? app.campaigns.map((c) => h('li', {},
    h('button', {
      type: 'button', class: c.id === app.campaign ? 'link current' : 'link',
      'aria-pressed': c.id === app.campaign ? 'true' : 'false',
      onclick: async () => { await openCampaign(c.id); },
    }, `${c.title} (${c.id})`))) : [h('li', { class: 'muted' }, t('table.noCampaign'))]));
  const c = app.campaigns.find((x) => x.id === app.campaign);
  $('#player-form').hidden = !(c && app.role === 'gm');
  drawInvites(c);
  $('#character-form').hidden = !c;
  if (c) {
    const players = (c.players || []).map((p) => (typeof p === 'string' ? p : p.name || p.account)).join(', ') || t('table.none');
    $('#campaign-info').textContent = `${c.title}: ${t('table.gmIs', { gm: c.gm, players })} ${t('table.you', { role: t(app.role === 'gm' ? 'table.gm' : 'table.player') })}`;
  } else $('#campaign-info').textContent = '';
  $('#character-list').replaceChildren(...(app.characters.length ? app.characters.map((ch) => h('li', {},
    h('button', {
      type: 'button', class: 'link',
      onclick: () => { app.character = ch.name; location.hash = '#sheet'; route(); },
    }, ch.name),
    ` · ${classText(ch)} · ${t('table.playedBy', { owner: ch.owner })}`)) : [h('li', { class: 'muted' }, t('table.noChars'))]));
  drawPlayCards(c);
  const sel = $('#char-class');
  if (!sel.options.length) {
    for (const k of Object.keys(CLASSES)) sel.append(h('option', { value: k }));
    sel.value = 'wizard';
  }
  for (const o of sel.options) o.textContent = word(CLASSES, o.value);
}

/** The GM's players, invite links and removals on the Table tab, drawn
 *  again only when the campaign, its players or the language change. */
function drawInvites(c) {
  const slot = $('#invite-slot');
  const key = c && app.role === 'gm' ? `${c.id}|${(c.players || []).join(',')}|${getLang()}` : null;
  if (!key) { slot.replaceChildren(); app.inviteKey = null; return; }
  if (app.inviteKey === key && slot.firstChild) return;
  app.inviteKey = key;
  slot.replaceChildren(inviteCard(c, {
    errorText,
    toast,
    onChange: async () => { await openCampaign(c.id); },
  }));
}

/** The Table tab's party rest (the GM's), kept while the campaign and
 *  language stay, so a live redraw does not wipe what it showed. */
function drawPlayCards(c) {
  const drop = $('#import-slot');
  const dropKey = c ? `${c.id}|${app.role}|${getLang()}` : null;
  if (!dropKey) { drop.replaceChildren(); app.importKey = null; } else if (app.importKey !== dropKey || !drop.firstChild) {
    app.importKey = dropKey;
    drop.replaceChildren(importCard({
      campaign: c.id, gm: app.role === 'gm', errorBlock: (e) => errorBlock(e),
      onImported: (r) => { if (r.character) { putCharacter(r.character); app.character = r.character.name; renderTable(); } },
    }));
  }
  const slot = $('#party-rest-slot');
  const key = c && app.role === 'gm' ? `${c.id}|${getLang()}` : null;
  if (!key) { slot.replaceChildren(); app.restKey = null; return; }
  if (app.restKey === key && slot.firstChild) return;
  app.restKey = key;
  slot.replaceChildren(partyRestCard({
    campaign: c.id,
    characters: () => app.characters,
    explain: (code) => explain(code) || code,
    errorBlock: (e) => errorBlock(e),
    onDone: () => { loadCharacters().then(() => { if (app.tab !== 'table') refresh(); }).catch(() => {}); },
  }));
}

function classText(ch) {
  return ch.classes.map((c) => `${word(CLASSES, c.class)} ${c.level}`).join(' / ');
}

function bindTable() {
  $('#campaign-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try {
      const c = await post('/campaigns', { id: $('#camp-id').value.trim(), title: $('#camp-title').value.trim() });
      app.campaigns.push(c);
      $('#campaign-form').reset();
      await openCampaign(c.id);
      $('#table-msg').textContent = t('table.created', { name: c.title });
    } catch (e) { $('#table-msg').textContent = errorText(e); }
  });
  $('#player-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const name = $('#player-name').value.trim();
    try {
      await post(`/campaigns/${enc(app.campaign)}/players`, { account: name });
      await openCampaign(app.campaign);
      $('#table-msg').textContent = t('table.added', { name });
      $('#player-name').value = '';
    } catch (e) { $('#table-msg').textContent = errorText(e); }
  });
  $('#character-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const cls = $('#char-class').value;
    const score = Number($('#char-score').value) || 10;
    const key = { wizard: 'int', cleric: 'wis', druid: 'wis', ranger: 'wis' }[cls] || 'cha';
    const body = {
      name: $('#char-name').value.trim(),
      classes: [{ class: cls, level: Number($('#char-level').value) || 1 }],
      abilities: { [key]: score },
      prepared: $('#char-spells').value.split(',').map((s) => s.trim()).filter(Boolean),
    };
    const owner = $('#char-owner').value.trim();
    if (owner) body.owner = owner;
    try {
      const view = await post(`/campaigns/${enc(app.campaign)}/characters`, body);
      putCharacter(view);
      app.character = view.name;
      $('#character-form').reset();
      $('#table-msg').textContent = t('table.created', { name: view.name });
      renderTable();
    } catch (e) { $('#table-msg').textContent = errorText(e); }
  });
}

// ---------- live updates ----------

// ---------- table log ----------

function logContext() {
  return { gm: app.role === 'gm', characters: app.characters.map((c) => c.name) };
}

function drawLog() {
  renderLog($('#table-log'), logContext(), () => loadLog(app.campaign, true).then(drawLog).catch((e) => toast(errorText(e))));
}

async function showLog() {
  if (!app.campaign) return;
  drawLog();
  try { await loadLog(app.campaign); } catch (e) { toast(errorText(e)); }
  drawLog();
}

// ---------- Concentration saves ----------
// When a character of yours takes damage while concentrating, the save
// the server rolled waits on screen, whatever tab is open, until you
// acknowledge it.

function mine(name) {
  const me = (app.me?.account.name || '').toLowerCase();
  return app.characters.some((c) => c.name.toLowerCase() === String(name).toLowerCase() && String(c.owner).toLowerCase() === me);
}

// A prompt waits until its player acknowledges it, across a reload
// (issue 37): the unacknowledged ones are kept per campaign in the
// browser's storage and drawn again when the campaign opens.
const CONC_KEY = (campaign) => `grimoire.conc.${campaign}`;
const CONC_KEPT = 10;

function storedPrompts(campaign) {
  try { return JSON.parse(localStorage.getItem(CONC_KEY(campaign)) || '[]'); } catch { return []; }
}

function storePrompts(campaign, list) {
  try { localStorage.setItem(CONC_KEY(campaign), JSON.stringify(list.slice(-CONC_KEPT))); } catch { /* private mode */ }
}

function concPrompt(target, damage, save, restoring = false) {
  const box = $('#conc-prompts');
  if (!box || !save || !save.roll || !mine(target)) return;
  const campaign = app.campaign;
  const id = `${target}\u0001${save.roll.dice.join(',')}\u0001${save.dc}\u0001${damage}`;
  if (!restoring) {
    const list = storedPrompts(campaign).filter((p) => p.id !== id);
    storePrompts(campaign, [...list, { id, target, damage, save }]);
  }
  const note = h('div', { class: save.kept ? 'prompt conc-prompt' : 'prompt lost conc-prompt', role: 'alertdialog', 'aria-label': t('enc.concTitle', { name: target }) },
    h('p', {}, t('enc.concSave', { name: target, dc: save.dc, dmg: damage })),
    h('p', {}, t('enc.concRoll', { roll: save.roll.total, dice: save.roll.dice.join(', ') }), ' ',
      h('strong', {}, t(save.kept ? 'enc.concKept' : 'enc.concLost'))),
    h('button', {
      type: 'button',
      onclick: () => { note.remove(); storePrompts(campaign, storedPrompts(campaign).filter((p) => p.id !== id)); },
    }, t('enc.concOk')));
  box.append(note);
}

/** Draws again the prompts of this campaign not yet acknowledged. */
function restorePrompts() {
  const box = $('#conc-prompts');
  if (!box || !app.campaign) return;
  box.querySelectorAll('.conc-prompt').forEach((n) => n.remove());
  for (const p of storedPrompts(app.campaign)) concPrompt(p.target, p.damage, p.save, true);
}

function onLive(kind, ev) {
  if (!ev || typeof ev !== 'object') return;
  const data = ev.data || {};
  if (kind === 'player' && data.id === app.campaign) {
    // Someone joined by invite, or a player was removed: the members
    // change on every screen (the GM's invites count one use less).
    const i = app.campaigns.findIndex((x) => x.id === data.id);
    if (i >= 0) app.campaigns[i] = { ...app.campaigns[i], players: data.players };
    if (app.role === 'gm') {
      app.inviteKey = null;
      refreshInvites(data.id, { errorText }).then(() => { if (app.tab === 'table') renderTable(); });
    } else if (app.tab === 'table') renderTable();
    return;
  }
  if (kind === 'encounter' && data.concentration_save) concPrompt(data.target, data.damage, data.concentration_save);
  for (const hit of (kind === 'encounter' && data.turn_damage) || []) {
    concPrompt(hit.target, hit.outcome.damage_total, hit.concentration_save);
  }
  // Each cast the table hears joins its log, whoever cast it.
  if (kind === 'cast' && data.rolls) liveCast(app.campaign, data);
  if (kind === 'attack' && data.attack) liveCast(app.campaign, attackAsCard(data.attack));
  if (kind === 'hp' && data.roll && data.result && ev.character) {
    liveCast(app.campaign, { kind: 'death', caster: ev.character, rolls: [data.roll], result: data.result });
    app.deathSaid = { name: ev.character, text: deathSentence(ev.character, data) };
  }
  if (kind === 'encounter') {
    app.encounterLoaded = false;
    // Every roll the server makes joins the log: lasting spells' damage
    // at a turn's edge, and the Concentration saves damage calls for.
    for (const hit of data.turn_damage || []) {
      liveCast(app.campaign, { kind: 'turn', caster: hit.caster, spell: hit.spell, spell_name: hit.name, target: hit.target, rolls: hit.rolls, outcome: hit.outcome, hp: hit.hp });
      const cs = hit.concentration_save;
      if (cs && cs.roll) liveCast(app.campaign, { kind: 'conc', caster: hit.target, dc: cs.dc, kept: cs.kept, rolls: [cs.roll] });
    }
    const cs = data.concentration_save;
    if (cs && cs.roll) liveCast(app.campaign, { kind: 'conc', caster: data.target, dc: cs.dc, kept: cs.kept, rolls: [cs.roll] });
    // A death save opening a turn (a character's or a creature's).
    const ds = data.death_save;
    if (ds && ds.roll) liveCast(app.campaign, { kind: 'death', caster: ds.name, rolls: [ds.roll], result: ds.result });
  }
  if (kind === 'damage' && data.roll && ev.character) {
    liveCast(app.campaign, { kind: 'conc', caster: ev.character, dc: data.dc, kept: data.concentration_kept, rolls: [data.roll] });
  }
  // A window opened, answered or closed (or an alert to clear): who may react?
  const windowish = data.status === 'pending' || ['reactors', 'window', 'resolved', 'countered', 'passed', 'attack'].some((k) => k in data)
    || $('#react-alert') || $('a[data-tab=encounter] .alert-badge');
  if ((kind === 'encounter' || data.status === 'pending') && windowish) checkReactions(data.encounter || data.cast?.encounter);
  if (kind === 'encounter' && data.cast && data.cast.rolls) liveCast(app.campaign, data.cast);
  if (app.tab === 'log') drawLog();
  const view = data.character && data.character.name ? data.character : (kind === 'character' ? data : null);
  if (view && view.name && view.slots) putCharacter(view);
  else if (ev.character && !data.truncated) { /* nothing to merge */ }
  if (kind === 'homebrew') app.homebrewFor = null;
  if (kind === 'house_rules') {
    // Whoever saved them sees them already (and the saved note).
    if (ev.by && ev.by.toLowerCase() !== app.me?.account.name.toLowerCase()) {
      drawHouseRules();
      toast(t('sheet.liveBy', { by: ev.by, kind: t('kind.house_rules'), character: t('house.title') }));
    }
    return;
  }
  if (kind === 'rest' && Array.isArray(data.characters)) {
    // A party rest: every character changed at once.
    if (ev.by && ev.by.toLowerCase() !== app.me?.account.name.toLowerCase()) toast(t('rest.by', { by: ev.by }));
    loadCharacters().then(refresh);
    return;
  }
  if (kind === 'attack') {
    // The attacker's action and the target's hit points changed.
    if (ev.by && ev.by.toLowerCase() !== app.me?.account.name.toLowerCase() && ev.character) {
      toast(t('sheet.liveBy', { by: ev.by, kind: t('kind.attack'), character: ev.character }));
    }
    loadCharacters().then(refresh);
    return;
  }
  if (kind === 'undo' && app.campaign) {
    // The log marks the undone change for everyone.
    loadLog(app.campaign).then(() => { if (app.tab === 'log') drawLog(); }).catch(() => {});
  }
  if (data.truncated || kind === 'lagged' || kind === 'undo') {
    loadCharacters().then(refresh);
    return;
  }
  if (kind === 'encounter' || data.status === 'pending') {
    // Turns and saves change characters too: read them again.
    // A turn passing clears what the last window or save showed: it
    // belongs to the turn before (issue 37).
    if (Array.isArray(data.turn_damage) && data.encounter === app.encounterName) forgetOutcome();
    // So does a new window: the last outcome and save belong to before it.
    const hitWindow = data.attack && (data.attack.reactors || []).length;
    if (data.status === 'pending' || hitWindow || (data.window && !data.resolved && data.reactors)) forgetOutcome();
    if (data.concentration_save !== undefined) app.encounterNote = data;
    // What a closed window or a creature's cast did, for the whole table.
    if (data.resolved || (data.status === 'resolved' && data.cast) || data.countered !== undefined) {
      app.encounterOutcome = data;
      castOutcome(data);
    }
    // A new encounter's news moves the screen off one that has ended.
    if (data.encounter && (!app.encounterName || (app.encounter && app.encounter.ended && data.encounter !== app.encounterName))) {
      app.encounterName = data.encounter;
    }
    if (app.tab === 'encounter') loadEncounter(loadCharacters().catch(() => {}));
    else loadCharacters().then(refresh);
    return;
  }
  if (ev.by && ev.by.toLowerCase() !== app.me?.account.name.toLowerCase() && ev.character) {
    const said = t(`kind.${kind}`);
    toast(t('sheet.liveBy', { by: ev.by, kind: said.startsWith('kind.') ? kind : said, character: ev.character }));
  }
  refresh();
}

/** The cast dialog that waited for Reactions shows what came of the
 *  cast once the window closes (issue 37), instead of still waiting. */
function castOutcome(data) {
  const p = app.pendingCast;
  if (!p || !$('#cast-dialog').open) return;
  const c = data.cast;
  const ours = c ? c.caster === p.caster && c.spell === p.spell : data.countered === true;
  if (!ours) return;
  app.pendingCast = null;
  const card = outcomeCard(data, spellName);
  if (card) { card.removeAttribute('id'); $('#cast-result').replaceChildren(card); }
}

/** Tells the player wherever they are that a combatant of theirs may
 *  react (issue 37): an alert with the answers, a badge on the Encounter
 *  tab, a short vibration on a phone. On the Encounter tab the window
 *  card says it already. */
async function checkReactions(name) {
  const encounter = name || app.encounterName;
  const link = $('a[data-tab=encounter]');
  const clear = () => { $('#react-alert')?.remove(); link.querySelector('.alert-badge')?.remove(); };
  if (!encounter || !app.campaign) { clear(); return; }
  let info = null;
  try { info = await get(encPath(`/${enc(encounter)}/window`)); } catch { info = null; }
  await loadCards().catch(() => {});
  const ctx = {
    gm: false, me: app.me?.account.name, characters: app.characters, encounter, encPath, run: encAct, spellName,
    open: () => { clear(); app.encounterName = encounter; location.hash = '#encounter'; },
    done: clear,
  };
  const alert = reactionAlert(ctx, info);
  clear();
  if (!alert) return;
  link.append(h('span', { class: 'badge alert-badge', role: 'img', 'aria-label': t('alert.badge') }, '!'));
  if (app.tab === 'encounter') return;
  $('#conc-prompts').append(alert);
  if (navigator.vibrate) navigator.vibrate(200);
}

function refresh() {
  if (app.tab === 'sheet') renderSheet();
  if (app.tab === 'table') renderTable();
  if (app.tab === 'encounter') {
    // The encounter's view of a character (badges, economy) comes from the server.
    clearTimeout(refresh.enc);
    refresh.enc = setTimeout(loadEncounter, 50);
  }
}

// ---------- spellbook ----------

const fold = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const SCHOOLS = ['abjuration', 'conjuration', 'divination', 'enchantment', 'evocation', 'illusion', 'necromancy', 'transmutation'];
const PAGE = 40;
let shown = PAGE;
let fuzzyIds = null;

function prepCard(c) {
  c.fold = `${fold(c.name_en)}|${fold(c.name_cs)}|${c.id}`;
  c.conditions = c.conditions || [];
  for (const l of c.levels) {
    l.damage = l.damage || [];
    l.healing = l.healing ?? null;
    l.targets = l.targets ?? null;
    l.mean = l.mean ?? null;
  }
  app.byId.set(c.id, c);
}

/** The SRD's cards, fetched once; opening the spellbook straight away
 *  starts this alongside the login instead of after it. */
function srdCards() {
  if (!app.srdCards) app.srdCards = get('/cards').catch((e) => { app.srdCards = null; throw e; });
  return app.srdCards;
}

async function loadCards() {
  if (!app.cards.length) {
    const cards = await srdCards();
    if (!app.cards.length) {
      app.cards = cards;
      app.cards.forEach(prepCard);
    }
  }
  // A campaign's homebrew spells join the SRD's once per campaign.
  if (app.campaign && app.homebrewFor !== app.campaign) {
    app.homebrewFor = app.campaign;
    app.cards = app.cards.filter((c) => !c.homebrew);
    try {
      const extra = await get(`/campaigns/${enc(app.campaign)}/cards`);
      extra.forEach(prepCard);
      app.cards.push(...extra);
    } catch { /* the SRD alone */ }
  }
}

/** Where a card's damage distribution comes from. */
function damageUrl(c, query) {
  const base = c.homebrew
    ? `/campaigns/${enc(app.campaign)}/spells/${enc(c.id)}/damage`
    : `/spells/${enc(c.id)}/damage`;
  return `${base}?${query}`;
}

function fillFilters() {
  const lvl = $('#f-level');
  const school = $('#f-school');
  const cls = $('#f-class');
  const keep = [lvl.value, school.value, cls.value];
  lvl.replaceChildren(h('option', { value: '' }, t('spells.any')),
    ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => h('option', { value: n }, levelName(n))));
  const names = new Map(app.cards.map((c) => [c.school, c.school_name]));
  school.replaceChildren(h('option', { value: '' }, t('spells.any')),
    ...SCHOOLS.map((s) => h('option', { value: s }, pick(names.get(s)) || s)));
  cls.replaceChildren(h('option', { value: '' }, t('spells.any')),
    ...Object.keys(CLASSES).map((k) => h('option', { value: k }, word(CLASSES, k))));
  [lvl.value, school.value, cls.value] = keep;
}

function filtered() {
  const q = fold($('#q').value.trim());
  const level = $('#f-level').value;
  const school = $('#f-school').value;
  const cls = $('#f-class').value;
  const ritual = $('#f-ritual').checked;
  const conc = $('#f-conc').checked;
  const byName = (a, b) => (a.level - b.level) || pick({ en: a.name_en, cs: a.name_cs }).localeCompare(pick({ en: b.name_en, cs: b.name_cs }), getLang());
  const base = app.cards.filter((c) => (level === '' || c.level === Number(level))
    && (!school || c.school === school) && (!cls || c.classes.includes(cls))
    && (!ritual || c.ritual) && (!conc || c.concentration));
  if (!q) return { list: base.sort(byName), fuzzy: false };
  const exact = base.filter((c) => c.fold.includes(q)).sort(byName);
  if (exact.length || !fuzzyIds) return { list: exact, fuzzy: false };
  return { list: fuzzyIds.map((id) => base.find((c) => c.id === id)).filter(Boolean), fuzzy: true };
}

async function renderSpells() {
  await loadCards();
  fillFilters();
  const { list, fuzzy } = filtered();
  const q = $('#q').value.trim();
  if (q && !list.length && fuzzyIds === null) {
    // Nothing contains the text: ask the catalogue's typo-tolerant search.
    fuzzyIds = [];
    try { fuzzyIds = (await get(`/spells?q=${enc(q)}&limit=10`)).map((s) => s.id); } catch { /* keep empty */ }
    return renderSpells();
  }
  $('#spell-count').textContent = `${fuzzy ? `${t('spells.fuzzy')} ` : ''}${t('spells.count', { n: list.length })}`;
  const box = $('#spell-list');
  if ($('#f-view').value === 'list') box.replaceChildren(spellTable(list.slice(0, shown)));
  else box.replaceChildren(...list.slice(0, shown).map(spellCard));
  if (list.length > shown) {
    box.append(h('button', { type: 'button', class: 'more', onclick: () => { shown += PAGE; renderSpells(); } },
      t('spells.more', { n: Math.min(PAGE, list.length - shown) })));
  }
}

function cardName(c) { return getLang() === 'cs' ? c.name_cs : c.name_en; }

function deliveryText(c) {
  const d = c.delivery;
  if (d.kind === 'attack') return t('card.attack');
  if (d.kind === 'save') {
    const s = t('card.save', { ability: word(ABILITIES, d.ability) });
    return d.half_on_success ? `${s}, ${t('card.half')}` : s;
  }
  return c.levels.some((l) => l.damage.length) ? t('card.auto') : '';
}

function rowEffect(r) {
  const parts = [];
  if (r.damage.length) {
    const dmg = r.damage.map((d) => `${d.formula}${d.plus_modifier ? ' + mod' : ''} ${pick(d.type_name).toLowerCase()}`).join(' + ');
    parts.push(r.instances > 1 ? `${r.instances} × ${dmg}` : dmg);
  }
  if (r.healing) parts.push(t('card.heals', { f: r.healing }));
  if (r.targets != null && r.targets > 1) parts.push(t('card.targets', { n: r.targets }));
  return parts.join(', ');
}

function levelsTable(c) {
  const rows = c.levels.filter((r) => rowEffect(r));
  if (!rows.length) return h('p', { class: 'muted small' }, t('card.noNumbers'));
  return h('table', { class: 'levels' },
    h('caption', { class: 'vh' }, t('card.byLevel')),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, c.level === 0 ? t('table.level') : t('card.slot')),
      h('th', { scope: 'col' }, t('card.effect')), h('th', { scope: 'col' }, t('card.mean')))),
    h('tbody', {}, ...rows.map((r) => h('tr', {},
      h('th', { scope: 'row' }, r.character_level != null && c.level === 0 ? t('card.charLevel', { n: r.character_level }) : String(r.slot)),
      h('td', {}, rowEffect(r)),
      h('td', {}, r.mean != null ? num(r.mean) : '–')))));
}

/** The compact list: a row per spell with what a player compares at a
 *  glance (level, casting time, range, tags, to hit or save, damage at
 *  its own level); the name opens the spell's card. */
function spellTable(list) {
  const ch = currentCharacter();
  const n = ch ? numbers(ch) : null;
  const hitOrSave = (c) => {
    const d = c.delivery;
    if (d.kind === 'attack') return n ? `${t('spells.toHit')} ${n.atk >= 0 ? '+' : ''}${n.atk}` : t('card.attack');
    if (d.kind === 'save') return `${n ? `${t('spells.dc')} ${n.dc} ` : ''}${word(ABILITIES, d.ability)}${d.half_on_success ? ' ½' : ''}`;
    return '';
  };
  // A cantrip at the caster's tier; a leveled spell at its own level.
  const first = (c) => {
    const rows = c.levels.filter((r) => rowEffect(r));
    if (c.level === 0 && ch) return rows.filter((r) => (r.character_level ?? 1) <= ch.level).pop() || rows[0] || null;
    return rows[0] || null;
  };
  const head = ['spells.name', 'spells.level', 'card.castingTime', 'card.range', 'spells.tags', 'spells.hitDc', 'card.effect'];
  return h('div', { class: 'table-scroll' }, h('table', { class: 'compact', id: 'spell-table' },
    h('caption', { class: 'vh' }, t('spells.viewList')),
    h('thead', {}, h('tr', {}, ...head.map((k) => h('th', { scope: 'col' }, t(k))))),
    h('tbody', {}, ...list.map((c) => {
      const r = first(c);
      const tags = [c.concentration ? 'C' : null, c.ritual ? 'R' : null].filter(Boolean).join(' ');
      return h('tr', { 'data-spell': c.id },
        h('th', { scope: 'row' }, h('button', {
          type: 'button', class: 'link',
          onclick: () => { $('#f-view').value = 'cards'; $('#q').value = cardName(c); shown = PAGE; renderSpells(); },
        }, cardName(c))),
        h('td', {}, c.level === 0 ? t('spells.cantrip') : String(c.level)),
        h('td', {}, pick(c.casting_time)),
        h('td', {}, pick(c.range) + (c.area ? ` (${pick(c.area)})` : '')),
        h('td', { title: [c.concentration ? t('spells.concentration') : null, c.ritual ? t('spells.ritual') : null].filter(Boolean).join(', ') }, tags),
        h('td', {}, hitOrSave(c)),
        h('td', {}, r ? rowEffect(r) : ''));
    }))));
}

function spellCard(c) {
  const ch = currentCharacter();
  const name = cardName(c);
  const other = getLang() === 'cs' ? c.name_en : c.name_cs;
  const chartBox = h('div', { class: 'chart-box' });
  const hasDice = c.levels.some((l) => l.mean != null);
  const tags = [c.ritual ? t('spells.ritual') : null, c.concentration ? t('spells.concentration') : null].filter(Boolean);
  const card = h('article', { class: 'spell', 'aria-labelledby': `sp-${c.id}`, 'data-spell': c.id },
    h('header', {},
      h('h3', { id: `sp-${c.id}` }, name),
      h('p', { class: 'sub' }, `${levelName(c.level)} · ${pick(c.school_name)}${tags.length ? ` · ${tags.join(', ')}` : ''}`),
      other !== name ? h('p', { class: 'alt', lang: getLang() === 'cs' ? 'en' : 'cs' }, other) : null),
    h('dl', { class: 'facts' },
      h('dt', {}, t('card.castingTime')), h('dd', {}, pick(c.casting_time)),
      h('dt', {}, t('card.range')), h('dd', {}, pick(c.range) + (c.area ? ` (${pick(c.area)})` : '')),
      h('dt', {}, t('card.components')), h('dd', {}, pick(c.components)),
      h('dt', {}, t('card.duration')), h('dd', {}, pick(c.duration)),
      h('dt', {}, t('card.classes')), h('dd', {}, c.classes.map((k) => word(CLASSES, k)).join(', '))),
    h('p', { class: 'summary' }, getLang() === 'cs' ? c.summary_cs : c.summary_en),
    deliveryText(c) ? h('p', { class: 'small' }, deliveryText(c)) : null,
    c.conditions.length ? h('p', { class: 'small' }, `${t('card.conditions')}: ${c.conditions.map(pick).join(', ')}`) : null,
    levelsTable(c),
    h('div', { class: 'row' },
      hasDice ? h('button', {
        type: 'button', class: 'chart-btn', 'aria-expanded': 'false',
        onclick: async (ev) => {
          const btn = ev.currentTarget;
          if (chartBox.firstChild) { chartBox.replaceChildren(); btn.setAttribute('aria-expanded', 'false'); btn.textContent = t('spells.chart'); return; }
          const rep = await get(damageUrl(c, `character_level=${ch ? ch.level : 1}`));
          const w = Math.round(Math.max(300, Math.min(800, chartBox.clientWidth || 640)));
          chartBox.replaceChildren(damageChart(rep, name, null, w), h('p', { class: 'muted small' }, t('chart.assumes', { what: pick(rep.assumes) })));
          btn.setAttribute('aria-expanded', 'true');
          btn.textContent = t('spells.hideChart');
        },
      }, t('spells.chart')) : null,
      ch && canAct(ch) && !ch.prepared.includes(c.id) && !ch.cantrips.includes(c.id) ? h('button', {
        type: 'button',
        onclick: async () => {
          try {
            const r = await post(`/campaigns/${enc(app.campaign)}/characters/${enc(ch.name)}/prepared`, { spell: c.id });
            putCharacter(r.character);
            toast(t('spells.prepared', { spell: name }));
            renderSpells();
          } catch (e) { toast(errorText(e)); }
        },
      }, t('spells.prepare', { name: ch.name })) : null,
      ch && canAct(ch) && (ch.prepared.includes(c.id) || ch.cantrips.includes(c.id))
        ? h('button', { type: 'button', class: 'primary', onclick: () => openCast(c.id) }, t('sheet.castSpell', { spell: name })) : null),
    chartBox);
  return card;
}

function bindSpells() {
  let timer = null;
  const again = () => { shown = PAGE; fuzzyIds = null; clearTimeout(timer); timer = setTimeout(renderSpells, 120); };
  $('#spell-filters').addEventListener('submit', (ev) => ev.preventDefault());
  for (const id of ['#q', '#f-level', '#f-school', '#f-class', '#f-ritual', '#f-conc', '#f-view']) {
    $(id).addEventListener('input', again);
  }
}

// ---------- character sheet ----------

const CASTING = { bard: 'cha', cleric: 'wis', druid: 'wis', paladin: 'cha', ranger: 'wis', sorcerer: 'cha', warlock: 'cha', wizard: 'int' };
const IDX = { str: 0, dex: 1, con: 2, int: 3, wis: 4, cha: 5 };

/** Spellcasting modifier, DC (R19) and attack bonus (R20) of the first class. */
function numbers(ch) {
  const scores = ch.state && ch.state.abilities;
  const first = ch.classes[0];
  if (!Array.isArray(scores) || !first) return null;
  const mod = Math.floor((scores[IDX[CASTING[first.class]]] - 10) / 2);
  const prof = 2 + Math.floor((ch.level - 1) / 4);
  return { mod, dc: 8 + prof + mod, atk: prof + mod };
}

function canAct(ch) {
  return app.role === 'gm' || ch.owner.toLowerCase() === app.me.account.name.toLowerCase();
}

function pips(total, left, label) {
  return h('span', { class: 'pips', role: 'img', 'aria-label': label },
    ...Array.from({ length: total }, (_, i) => h('span', { class: i < left ? 'pip full' : 'pip', 'aria-hidden': 'true' })));
}

function charPath(ch, tail) { return `/campaigns/${enc(app.campaign)}/characters/${enc(ch.name)}/${tail}`; }

async function act(ch, tail, body, done) {
  try {
    const r = await post(charPath(ch, tail), body);
    if (r.character) putCharacter(r.character);
    if (done) toast(done);
    renderSheet();
    return r;
  } catch (e) { toast(errorText(e)); return null; }
}

/** What the hit points card and its death-save track need: who may
 *  act, where to post, and what to do with the answer. */
function vitalsCtx(ch, mine) {
  const onView = (view) => { if (view && view.name) putCharacter(view); renderSheet(); };
  const onError = (e) => toast(errorText(e));
  const last = app.deathSaid && app.deathSaid.name === ch.name ? app.deathSaid.text : '';
  return {
    mine, path: (tail) => charPath(ch, tail), onView, onError,
    death: {
      mine, path: (tail) => charPath(ch, tail), onError, last, keepSaid: true,
      onDone: (r) => { app.deathSaid = { name: ch.name, text: deathSentence(ch.name, r) }; onView(r.character); },
    },
  };
}

/** What the class resource controls and the Short Rest dialog need
 *  (see resources.js). */
function resourceCtx(ch, mine) {
  return {
    mine, path: (tail) => charPath(ch, tail), toast, errorBlock: (e) => errorBlock(e),
    onView: (view) => { if (view && view.name) putCharacter(view); renderSheet(); },
    cards: app.cards, byId: app.byId, spellName,
  };
}

/** The names a character may attack: the running encounter's
 *  combatants when it is in one, else the campaign's other characters. */
async function attackTargets(ch) {
  if (app.campaign && !app.encounterLoaded) app.encounterLoaded = loadEncounter().catch(() => {});
  await app.encounterLoaded;
  const e = app.encounter;
  const inIt = e && e.started && !e.ended && e.combatants.some((c) => c.name.toLowerCase() === ch.name.toLowerCase());
  return inIt ? e.combatants.map((c) => c.name) : app.characters.map((c) => c.name);
}

/** What the weapon attack card needs (see play.js). */
function attackCtx(ch) {
  const last = app.lastAttack && app.lastAttack.attacker === ch.name ? app.lastAttack : null;
  return {
    targets: () => attackTargets(ch),
    path: (tail) => charPath(ch, tail),
    last, keepTarget: app.attackTarget || null, spellName,
    errorBlock: (e) => errorBlock(e),
    onAttack: (r) => {
      app.lastAttack = r.attack;
      app.attackTarget = r.attack.target ? r.attack.target.target : null;
      loadCharacters().then(renderSheet).catch(() => {});
    },
    onSmite: (id, target) => openCast(id).then(() => {
      const box = [...document.querySelectorAll('#cast-pick-list input')].find((i) => i.value === target);
      if (box) box.checked = true; else $('#cast-targets').value = target;
      $('#cast-trigger').value = t('attack.trigger', { target });
    }),
  };
}

function renderSheet() {
  const pickSel = $('#sheet-pick');
  pickSel.replaceChildren(...app.characters.map((c) => h('option', { value: c.name }, c.name)));
  pickSel.value = app.character || '';
  pickSel.hidden = app.characters.length < 2;
  const ch = currentCharacter();
  const box = $('#sheet');
  $('#sheet-name').textContent = ch ? `: ${ch.name}` : '';
  if (!ch) { box.replaceChildren(h('p', { class: 'muted' }, t('sheet.none'))); return; }
  loadCards().then(() => { if (app.tab === 'sheet' && !box.dataset.cards) { box.dataset.cards = '1'; renderSheet(); } });
  const st = ch.state || {};
  const n = numbers(ch);
  const mine = canAct(ch);
  const turn = st.turn || {};
  const spellRow = (id) => {
    const c = app.byId.get(id);
    const name = c ? cardName(c) : id;
    return h('li', { class: 'spell-row' },
      h('span', {}, name, c ? h('span', { class: 'muted small' }, ` · ${levelName(c.level)}`) : null,
        ch.concentration === id ? h('span', { class: 'badge conc' }, t('spells.concentration')) : null),
      mine ? h('button', { type: 'button', class: 'primary small-btn', 'aria-label': t('sheet.castSpell', { spell: name }), onclick: () => openCast(id) }, t('sheet.cast')) : null);
  };
  const slotBlock = h('section', { class: 'card', 'aria-labelledby': 'slots-h' },
    h('h3', { id: 'slots-h' }, t('sheet.slots')),
    ch.slots.length ? h('ul', { class: 'plain slots', id: 'slot-list' }, ...ch.slots.map((s) => h('li', { 'data-level': s.level, 'data-left': s.remaining },
      h('span', { class: 'lvl' }, levelName(s.level)),
      pips(s.total, s.remaining, t('sheet.slotPips', { level: s.level, left: s.remaining, total: s.total })),
      h('span', { class: 'count' }, `${s.remaining}/${s.total}`)))) : h('p', { class: 'muted' }, t('sheet.noSlots')),
    ch.pact ? h('div', { class: 'pact', 'data-left': ch.pact.remaining },
      h('h4', {}, t('sheet.pact')),
      h('span', { class: 'lvl' }, levelName(ch.pact.level)),
      pips(ch.pact.total, ch.pact.remaining, t('sheet.slotPips', { level: ch.pact.level, left: ch.pact.remaining, total: ch.pact.total })),
      h('span', { class: 'count' }, `${ch.pact.remaining}/${ch.pact.total}`)) : null,
    resourcePips(ch.resources || {}));
  const econ = (label, used) => h('li', { class: used ? 'used' : 'free' }, h('span', {}, label), h('span', { class: 'state' }, t(used ? 'sheet.used' : 'sheet.free')));
  const turnBlock = h('section', { class: 'card', 'aria-labelledby': 'turn-h' },
    h('h3', { id: 'turn-h' }, t('sheet.turn')),
    h('ul', { class: 'plain econ' },
      econ(t('sheet.action'), turn.action_used), econ(t('sheet.bonus'), turn.bonus_action_used),
      econ(t('sheet.reaction'), turn.reaction_used), econ(t('sheet.slotUsed'), turn.slot_spent)),
    mine ? h('div', { class: 'row' },
      h('button', { type: 'button', id: 'end-turn', onclick: () => act(ch, 'turns', {}, t('sheet.turnEnded')) }, t('sheet.endTurn'))) : null,
    h('h3', {}, t('sheet.rest')),
    mine ? h('div', { class: 'row' },
      h('button', { type: 'button', id: 'short-rest', 'aria-haspopup': 'dialog', onclick: () => openShortRest(ch, resourceCtx(ch, mine)) }, t('sheet.short')),
      h('button', { type: 'button', id: 'long-rest', onclick: () => act(ch, 'rests', { kind: 'long' }, t('sheet.rested')) }, t('sheet.long'))) : null);
  const items = st.items || [];
  const features = st.features || [];
  const resBlock = h('section', { class: 'card', 'aria-labelledby': 'res-h' },
    h('h3', { id: 'res-h' }, t('sheet.items')),
    items.length ? h('ul', { class: 'plain' }, ...items.map((it) => h('li', {}, h('strong', {}, it.name), ' ',
      pips(it.max_charges, it.charges, t('sheet.charges', { n: it.charges, max: it.max_charges })),
      h('span', { class: 'muted small' }, ` ${t('sheet.charges', { n: it.charges, max: it.max_charges })}`)))) : h('p', { class: 'muted' }, t('sheet.noneYet')),
    h('h3', {}, t('sheet.features')),
    features.length ? h('ul', { class: 'plain' }, ...features.map((f) => h('li', {}, h('strong', {}, f.name), ' ',
      pips(f.max_uses, f.remaining, t('sheet.uses', { n: f.remaining, max: f.max_uses })),
      h('span', { class: 'muted small' }, ` ${t('sheet.uses', { n: f.remaining, max: f.max_uses })}`)))) : h('p', { class: 'muted' }, t('sheet.noneYet')));
  const gearForm = mine ? gearFormFor(ch) : null;
  if (gearForm) resBlock.append(gearForm);
  resBlock.append(equipmentBlock(ch, mine));
  const condSel = h('select', { id: 'cond-add', 'aria-label': t('sheet.addCondition') },
    h('option', { value: '' }, `${t('sheet.addCondition')}…`),
    // Exhaustion stays offered: adding it again gains a level (2024).
    ...Object.keys(CONDITIONS).filter((k) => k === 'exhaustion' || !ch.conditions.includes(k)).map((k) => h('option', { value: k }, word(CONDITIONS, k))));
  condSel.addEventListener('change', () => { if (condSel.value) act(ch, 'conditions', { condition: condSel.value }); });
  // Exhaustion's chip says its level and what it takes, as the server counts them.
  const condText = (k) => (k === 'exhaustion' && ch.exhaustion
    ? t('sheet.exhaustion', { level: ch.exhaustion, penalty: ch.d20_penalty, feet: ch.speed_penalty_ft })
    : word(CONDITIONS, k));
  const now = st.now || 0;
  const ongoing = st.ongoing || [];
  const condBlock = h('section', { class: 'card', 'aria-labelledby': 'cond-h' },
    h('h3', { id: 'cond-h' }, t('sheet.conditions')),
    h('ul', { class: 'plain chips' }, ...ch.conditions.map((k) => h('li', { class: 'chip', 'data-condition': k }, condText(k),
      mine ? h('button', { type: 'button', class: 'ghost x', 'aria-label': t('sheet.remove', { c: word(CONDITIONS, k) }), onclick: () => act(ch, 'conditions', { condition: k, remove: true }) }, '×') : null))),
    mine ? condSel : null,
    ch.concentration ? h('p', { class: 'badge conc big' }, t('sheet.concentrating', { spell: spellName(ch.concentration) })) : null,
    // Ending one's own magic (R15): no action needed.
    ch.concentration && mine ? h('button', { type: 'button', class: 'ghost', id: 'drop-conc', onclick: () => act(ch, 'drop-concentration', {}) }, t('sheet.dropConcentration')) : null,
    ongoing.length ? h('h3', {}, t('sheet.ongoing')) : null,
    ongoing.length ? h('ul', { class: 'plain', id: 'ongoing' }, ...ongoing.map((o) => h('li', {}, spellName(o.spell), ' · ',
      h('span', { class: 'muted small' }, o.expires_at != null ? roundsLeft(o.expires_at - now) : t('sheet.noEnd')),
      mine && o.dismissible ? h('button', { type: 'button', class: 'ghost x', 'aria-label': t('sheet.dismiss', { spell: spellName(o.spell) }), onclick: () => act(ch, 'dismiss', { effect: o.id }) }, '×') : null))) : null);
  const always = (ch.always_prepared || []).map((r) => r.spell);
  const spellsBlock = h('section', { class: 'card wide', 'aria-labelledby': 'prep-h' },
    h('h3', { id: 'prep-h' }, t('sheet.prepared')),
    ch.prepared.length ? h('ul', { class: 'plain spells' }, ...ch.prepared.map(spellRow)) : h('p', { class: 'muted' }, t('sheet.noneYet')),
    ch.cantrips.length ? h('h3', {}, t('sheet.cantrips')) : null,
    ch.cantrips.length ? h('ul', { class: 'plain spells' }, ...ch.cantrips.map(spellRow)) : null,
    // Kept prepared by a feature (grimoire prepare --always): outside the count.
    always.length ? h('h3', {}, t('sheet.alwaysPrepared')) : null,
    always.length ? h('ul', { class: 'plain spells', id: 'always-prepared' }, ...always.map(spellRow)) : null);
  box.replaceChildren(
    h('p', { class: 'sub' }, `${classText(ch)} · ${t('table.playedBy', { owner: ch.owner })}${n ? ` · ${t('sheet.dc', { dc: n.dc, atk: n.atk >= 0 ? `+${n.atk}` : n.atk })}` : ''}`),
    h('div', { class: 'sheet-grid' }, vitalsCard(ch, vitalsCtx(ch, mine)), mine ? attackCard(ch, attackCtx(ch)) : null, slotBlock, resourceCard(ch, resourceCtx(ch, mine)), turnBlock, advanceCard(ch, resourceCtx(ch, mine)), spellsBlock, optionsPanel(app.campaign, ch.name, spellName, ch.version, cardsReady), planPanel(app.campaign, ch.name, spellName, ch.version, cardsReady), condBlock, resBlock),
    mine ? h('p', {}, h('button', { type: 'button', class: 'ghost', onclick: async () => {
      try {
        const r = await post(charPath(ch, 'undo'));
        await loadCharacters();
        toast(t('sheet.undone', { cmd: r.undo.reverted_command || '' }));
        renderSheet();
      } catch (e) { toast(errorText(e)); }
    } }, t('sheet.undo'))) : null);
}

/** What the character holds for components (R14), editable by its owner. */
function equipmentBlock(ch, mine) {
  const eq = (ch.state && ch.state.equipment) || { free_hands: 2, component_pouch: false, focus: 'none', materials: [] };
  const hands = h('input', { id: 'eq-hands', type: 'number', min: 0, max: 4, value: eq.free_hands, inputmode: 'numeric', disabled: !mine });
  const pouch = h('input', { id: 'eq-pouch', type: 'checkbox', checked: eq.component_pouch, disabled: !mine });
  const focus = h('select', { id: 'eq-focus', disabled: !mine },
    ...['none', 'held', 'worn', 'stowed'].map((f) => h('option', { value: f, selected: eq.focus === f }, t(`eq.focus.${f}`))));
  const mats = h('input', { id: 'eq-materials', value: (eq.materials || []).join(', '), disabled: !mine, placeholder: t('eq.materialsHint') });
  const weapons = h('input', { id: 'eq-weapons', value: (eq.weapons || []).join(', '), disabled: !mine, placeholder: 'longsword, javelin' });
  return h('form', {
    class: 'stack equip', id: 'equip-form',
    onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        const view = await post(`/campaigns/${enc(app.campaign)}/characters/${enc(ch.name)}/equipment`, {
          free_hands: Number(hands.value) || 0, component_pouch: pouch.checked, focus: focus.value,
          materials: mats.value.split(',').map((x) => x.trim()).filter(Boolean),
          weapons: weapons.value.split(',').map((x) => x.trim()).filter(Boolean),
        });
        putCharacter(view);
        toast(t('eq.saved'));
        renderSheet();
      } catch (e) { toast(errorText(e)); }
    },
  }, h('h3', {}, t('eq.title')),
  h('div', { class: 'row' },
    h('label', {}, h('span', {}, t('eq.hands')), hands),
    h('label', {}, h('span', {}, t('eq.focus')), focus)),
  h('label', { class: 'check-row' }, pouch, h('span', {}, ` ${t('eq.pouch')}`)),
  h('label', {}, h('span', {}, t('eq.materials')), mats),
  h('label', {}, h('span', {}, t('eq.weapons')), weapons),
  mine ? h('button', { type: 'submit' }, t('eq.save')) : null);
}

/** A small form that gives the character a magic item or an ability. */
function gearFormFor(ch) {
  const kind = h('select', { id: 'gear-kind' },
    h('option', { value: 'item' }, t('gear.item')), h('option', { value: 'feature' }, t('gear.feature')));
  const name = h('input', { id: 'gear-name', required: true, maxlength: 64, placeholder: t('gear.nameHint') });
  const spells = h('input', { id: 'gear-spells', required: true, placeholder: t('gear.spellsHint') });
  const uses = h('input', { id: 'gear-uses', type: 'number', min: 1, max: 50, value: 3, inputmode: 'numeric' });
  const recharge = h('select', { id: 'gear-recharge' },
    ...['long_rest', 'short_rest', 'never'].map((r) => h('option', { value: r }, t(`gear.${r}`))));
  return h('details', { class: 'gear' }, h('summary', {}, t('gear.add')),
    h('form', {
      class: 'stack', id: 'gear-form',
      onsubmit: async (ev) => {
        ev.preventDefault();
        try {
          const view = await post(`/campaigns/${enc(app.campaign)}/characters/${enc(ch.name)}/gear`, {
            kind: kind.value, name: name.value.trim(), uses: Number(uses.value) || 1, recharge: recharge.value,
            spells: spells.value.split(',').map((x) => x.trim()).filter(Boolean),
          });
          putCharacter(view);
          toast(t('table.added', { name: name.value.trim() }));
          renderSheet();
        } catch (e) { toast(errorText(e)); }
      },
    },
    h('label', {}, h('span', {}, t('gear.kind')), kind),
    h('label', {}, h('span', {}, t('gear.name')), name),
    h('label', {}, h('span', {}, t('gear.spells')), spells),
    h('div', { class: 'row' }, h('label', {}, h('span', {}, t('gear.uses')), uses), h('label', {}, h('span', {}, t('gear.recharge')), recharge)),
    h('button', { type: 'submit' }, t('gear.save'))));
}

/** The cards read (once), for panels that name spells (never throws). */
const cardsReady = () => loadCards().catch(() => {});

function spellName(id) {
  const c = app.byId.get(id);
  return c ? cardName(c) : id;
}

// ---------- cast dialog ----------

let castSpell = null;

/** In a running encounter, a checkbox per combatant to target; the
 *  text field stays for anything else (an object, a creature not listed). */
async function pickableTargets() {
  if (app.campaign) await loadEncounter().catch(() => {});
  const e = app.encounter;
  const list = e && e.started ? e.combatants : [];
  $('#cast-pick-list').replaceChildren(...list.map((cb) => h('label', { class: 'radio' },
    h('input', { type: 'checkbox', value: cb.name }), ` ${cb.name}`)));
  $('#cast-picks').hidden = list.length === 0;
  $('#cast-targets-label').dataset.i18n = list.length ? 'cast.otherTargets' : 'cast.targets';
  $('#cast-targets-label').textContent = t($('#cast-targets-label').dataset.i18n);
}

async function openCast(id) {
  await loadCards();
  const ch = currentCharacter();
  const c = app.byId.get(id);
  if (!ch || !c) return;
  castSpell = c;
  const dlg = $('#cast-dialog');
  $('#cast-h').textContent = cardName(c);
  $('#cast-meta').textContent = `${levelName(c.level)} · ${pick(c.school_name)} · ${pick(c.casting_time)} · ${pick(c.range)} · ${pick(c.components)} · ${pick(c.duration)}`;
  $('#cast-result').replaceChildren();
  $('#cast-targets').value = '';
  await pickableTargets();
  // A spell on the caster alone (Shield, Misty Step) names no targets (issue 37).
  $('#cast-targets').closest('label').hidden = Boolean(c.self_only);
  if (c.self_only) $('#cast-picks').hidden = true;
  const st = ch.state || {};
  const sources = [];
  if (c.level === 0) sources.push({ value: 'slot', label: t('cast.cantrip') });
  else sources.push({ value: 'slot', label: t('cast.useSlot') });
  if (c.ritual && c.level > 0) sources.push({ value: 'ritual', label: t('cast.ritual') });
  for (const it of st.items || []) if ((it.spells || []).includes(id)) sources.push({ value: `item:${it.name}`, label: t('cast.item', { name: it.name, n: it.charges }) });
  for (const f of st.features || []) if ((f.spells || []).includes(id)) sources.push({ value: `feature:${f.name}`, label: t('cast.feature', { name: f.name, n: f.remaining }) });
  $('#cast-sources').replaceChildren(...sources.map((s, i) => h('label', { class: 'radio' },
    h('input', { type: 'radio', name: 'source', value: s.value, checked: i === 0, onchange: updateCast }), ` ${s.label}`)));
  const slotSel = $('#cast-slot');
  const opts = [];
  if (c.level > 0) {
    for (const s of ch.slots) if (s.level >= c.level) opts.push(h('option', { value: s.level, disabled: s.remaining === 0 }, t('cast.slotOption', { level: s.level, left: s.remaining, total: s.total })));
    if (ch.pact && ch.pact.level >= c.level) opts.push(h('option', { value: `pact:${ch.pact.level}`, disabled: ch.pact.remaining === 0 }, t('cast.pactOption', { level: ch.pact.level, left: ch.pact.remaining, total: ch.pact.total })));
  }
  slotSel.replaceChildren(...opts);
  const firstFree = opts.find((o) => !o.disabled);
  if (firstFree) slotSel.value = firstFree.value;
  slotSel.onchange = updateCast;
  const choices = c.damage_choices || [];
  $('#cast-type-wrap').hidden = !choices.length;
  $('#cast-type').replaceChildren(...choices.map((k) => h('option', { value: k.type }, pick(k.name))));
  // R11: a Reaction (or a Bonus Action with a trigger, the smites) names
  // what it answers; the field starts empty so nobody casts by accident.
  $('#cast-trigger').value = '';
  $('#cast-trigger-hint').textContent = c.trigger ? t('cast.triggerHint', { trigger: pick(c.trigger) }) : '';
  $('#cast-offturn').checked = false;
  $('#cast-offturn-wrap').hidden = c.casting_kind !== 'reaction';
  $('#cast-go').disabled = false;
  if (!dlg.open) dlg.showModal();
  updateCast();
  metamagicFieldset($('#cast-mm'), app.campaign, ch.name, c.id, castTargets);
}

/** The targets the cast dialog names so far: those ticked, then those typed. */
function castTargets() {
  const picked = [...document.querySelectorAll('#cast-pick-list input:checked')].map((i) => i.value);
  const typed = $('#cast-targets').value.split(',').map((s) => s.trim()).filter(Boolean);
  return [...new Set([...picked, ...typed])];
}

function chosenSource() {
  const r = document.querySelector('#cast-sources input:checked');
  return r ? r.value : 'slot';
}

function chosenSlot() {
  const v = $('#cast-slot').value;
  if (!v) return null;
  return v.startsWith('pact:') ? { level: Number(v.slice(5)), pact: true } : { level: Number(v), pact: false };
}

/** The card's row in force at `slot`: rows are sent only where the effect changes. */
function rowAt(c, slot) {
  return c.levels.filter((l) => l.slot <= slot).pop() || c.levels[0];
}

function upcastText(c, slot) {
  if (c.level === 0) return '';
  if (!slot || slot === c.level) return t('cast.noUpcast');
  const base = rowAt(c, c.level);
  const up = rowAt(c, slot);
  if (!base || !up) return '';
  const what = [];
  if (up.instances > base.instances) what.push(t('cast.darts', { n: up.instances - base.instances }));
  if (up.damage[0] && base.damage[0] && up.damage[0].formula !== base.damage[0].formula) {
    const [bn] = base.damage[0].formula.split('d');
    const [un, rest] = up.damage[0].formula.split('d');
    const sides = (rest || '').split(/[+-]/)[0];
    what.push(t('cast.dice', { f: `${Number(un) - Number(bn || 0)}d${sides}` }));
  }
  if (up.healing && base.healing && up.healing !== base.healing) {
    const [bn] = base.healing.split('d');
    const [un, rest] = up.healing.split('d');
    what.push(t('cast.heal', { f: `${Number(un) - Number(bn)}d${(rest || '').split(/[ +-]/)[0]}` }));
  }
  if (up.targets != null && base.targets != null && up.targets > base.targets) what.push(t('cast.moreTargets', { n: up.targets - base.targets }));
  return what.length ? t('cast.upcast', { slot, what: what.join(', ') }) : t('cast.upcastNothing');
}

/** Whether casting `c` from `source` must name a trigger (R11; a ritual never does). */
function needsTrigger(c, source) {
  return Boolean(c.trigger) && source !== 'ritual';
}

async function updateCast() {
  const c = castSpell;
  const ch = currentCharacter();
  if (!c || !ch) return;
  const source = chosenSource();
  const usesSlot = source === 'slot' && c.level > 0;
  $('#cast-slot-wrap').hidden = !usesSlot;
  const asks = needsTrigger(c, source);
  $('#cast-trigger-wrap').hidden = !asks;
  $('#cast-trigger-hint').hidden = !asks;
  $('#cast-trigger').required = asks;
  const slot = usesSlot ? chosenSlot() : null;
  const level = slot ? slot.level : c.level;
  $('#cast-upcast').textContent = usesSlot ? upcastText(c, level) : '';
  // A second Concentration spell ends the first: the dialog says so, and
  // the button names what it ends (issue 37).
  const ends = c.concentration && ch.concentration && ch.concentration !== c.id ? spellName(ch.concentration) : null;
  $('#cast-conc-warn').textContent = ends ? t('cast.endsConc', { spell: cardName(c), old: ends }) : '';
  $('#cast-conc-warn').hidden = !ends;
  $('#cast-go').textContent = ends ? t('cast.endsConcGo', { old: ends }) : t('cast.go');
  const expect = $('#cast-expect');
  if (!c.levels.some((l) => l.mean != null)) { expect.replaceChildren(h('p', { class: 'muted small' }, t('cast.noDamage'))); return; }
  const n = numbers(ch);
  const q = `character_level=${ch.level}&modifier=${n ? n.mod : 0}`;
  try {
    const all = await get(damageUrl(c, q));
    const at = all.levels.find((l) => l.slot === (c.level === 0 ? 0 : level)) || all.levels[0];
    if (castSpell !== c) return;
    expect.replaceChildren(
      h('p', { class: 'expected', id: 'expected' }, t('cast.expected', {
        kind: t(all.kind === 'healing' ? 'cast.healing' : 'cast.damage'), mean: num(at.mean), min: at.min, max: at.max,
      }), ' ', h('code', {}, at.formula)),
      h('details', {
        class: 'chart-fold', open: app.castChartOpen,
        ontoggle: (ev) => { app.castChartOpen = ev.currentTarget.open; },
      }, h('summary', {}, t('spells.chart')),
      damageChart(all, cardName(c), at.slot, castChartWidth()),
      h('p', { class: 'muted small' }, t('chart.assumes', { what: pick(all.assumes) }))));
  } catch (e) { expect.replaceChildren(h('p', { class: 'muted small' }, errorText(e))); }
}

/** The width the cast dialog's chart is drawn at: that of the form's
 *  text (the preview box may not be laid out yet the first time, and a
 *  chart drawn narrower than it shows would come out scaled up). */
function castChartWidth() {
  const text = $('#cast-upcast').clientWidth;
  return Math.round(Math.max(300, Math.min(800, text > 0 ? text - 24 : 640)));
}

function resultBlock(r) {
  const c = r.cast;
  const name = spellName(c.spell);
  const lines = [];
  lines.push(h('p', { class: 'ok' }, c.slot ? t('cast.done', { spell: name, level: c.slot.level }) : t('cast.doneNoSlot', { spell: name })));
  if (c.status && c.status.started) lines.push(h('p', {}, t('cast.started', { n: c.status.started.rounds_needed })));
  if (c.concentration_started) lines.push(h('p', {}, t('cast.concentration', { spell: name })));
  if (c.rolls.length) {
    lines.push(h('h3', {}, t('cast.rolls')));
    lines.push(h('ul', { class: 'plain rolls' }, ...c.rolls.map((roll) => h('li', {},
      h('span', { class: 'muted small' }, `${rollLabel(roll.label)} (${roll.notation}): `),
      ...roll.dice.map((d) => h('span', { class: 'die', 'aria-label': String(d) }, String(d))),
      h('strong', {}, ` = ${roll.total}`)))));
  }
  for (const tg of c.targets) {
    if (tg.healing) lines.push(h('p', {}, t('cast.healed', { target: tg.target, n: tg.healing })));
    else if (tg.damage_on_success != null && tg.save) lines.push(h('p', {}, t('cast.onTargetSave', { target: tg.target, dmg: tg.damage_total, half: tg.damage_on_success, dc: tg.save.dc })));
    else if (tg.damage.length) lines.push(h('p', {}, t('cast.onTarget', { target: tg.target, dmg: tg.damage_total })));
  }
  const waived = waivedBlock(c.waived);
  if (waived) lines.push(waived);
  return h('div', { class: 'done' }, ...lines);
}

function bindCast() {
  const dlg = $('#cast-dialog');
  const close = () => dlg.close();
  $('#cast-close').addEventListener('click', close);
  $('#cast-cancel').addEventListener('click', close);
  $('#cast-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const c = castSpell;
    const ch = currentCharacter();
    if (!c || !ch) return;
    const source = chosenSource();
    const body = { spell: c.id };
    const targets = castTargets();
    if (targets.length) body.targets = targets.map((name) => ({ name }));
    if ((c.damage_choices || []).length) body.damage_type = $('#cast-type').value;
    if (needsTrigger(c, source)) body.trigger = $('#cast-trigger').value.trim();
    const metamagic = metamagicBody($('#cast-mm'));
    if (metamagic.length) body.metamagic = metamagic;
    if (c.casting_kind === 'reaction' && $('#cast-offturn').checked) body.off_turn = true;
    if (source === 'ritual') body.mode = { mode: 'ritual' };
    else if (source.startsWith('item:')) body.mode = { mode: 'item', name: source.slice(5) };
    else if (source.startsWith('feature:')) body.mode = { mode: 'feature', name: source.slice(8) };
    else if (c.level > 0) {
      const s = chosenSlot();
      if (s) { body.slot = s.level; body.slot_kind = s.pact ? 'pact' : 'regular'; }
    }
    const out = $('#cast-result');
    $('#cast-go').disabled = true;
    try {
      const r = await post(charPath(ch, 'casts'), body);
      if (r.status === 'pending') {
        // Someone could answer it (Counterspell): it waits, nothing spent (R11).
        app.pendingCast = { caster: ch.name, spell: c.id };
        out.replaceChildren(h('div', { class: 'done', role: 'status' },
          h('p', {}, t('react.pendingCast', { spell: spellName(r.spell), names: r.reactors.map((x) => x.name).join(', ') }))));
        refresh();
        return;
      }
      putCharacter(r.character);
      out.replaceChildren(resultBlock(r));
      refresh();
    } catch (e) {
      out.replaceChildren(errorBlock(e, equipmentFix(e)));
    } finally {
      $('#cast-go').disabled = false;
      out.scrollIntoView({ block: 'nearest' });
    }
  });
}

// ---------- encounter ----------
// The API's encounters (the CLI's too): the GM creates one, adds
// combatants, starts it, passes turns and deals damage; a concentrating
// character rolls its Constitution save on the server.

const encPath = (tail = '') => `/campaigns/${enc(app.campaign)}/encounters${tail}`;

/** Loads the encounters and the one on screen, then draws the tab. The
 *  list and the encounter already on screen are asked for together (issue
 *  37: one round trip, not two, on a slow phone link); `alongside` is
 *  other loading the drawing waits for (the characters, asked for at the
 *  same time by the caller). */
async function loadEncounter(alongside = null) {
  if (!app.campaign) { await alongside; renderEncounter(); return; }
  try {
    const guess = app.encounterName;
    const [{ encounters, ended = [] }, shown] = await Promise.all([
      get(encPath()),
      guess ? get(encPath(`/${enc(guess)}`)).catch(() => null) : null,
    ]);
    const names = encounters.map((e) => e.name);
    // The encounter on screen stays there when it ends, shown ended.
    if (!names.includes(app.encounterName) && !ended.includes(app.encounterName)) {
      const running = encounters.filter((e) => e.round != null);
      app.encounterName = (running[running.length - 1] || encounters[encounters.length - 1] || {}).name || null;
    }
    app.encounters = encounters;
    if (!app.encounterName) app.encounter = null;
    else if (app.encounterName === guess && shown) app.encounter = shown;
    else app.encounter = await get(encPath(`/${enc(app.encounterName)}`));
  } catch { app.encounter = null; }
  await alongside;
  renderEncounter();
}

async function encAct(fn) {
  try { await fn(); } catch (e) { toast(errorText(e)); }
  await loadEncounter(loadCharacters().catch(() => {}));
}

function setupForm() {
  const rows = h('tbody', {});
  const addRow = (name = '', init = '', hp = '') => rows.append(h('tr', {},
    h('td', {}, h('input', { class: 'enc-name', value: name, 'aria-label': t('enc.name') })),
    h('td', {}, h('input', { class: 'enc-init', type: 'number', value: init, inputmode: 'numeric', 'aria-label': t('enc.init') })),
    h('td', {}, h('input', { class: 'enc-hp', type: 'number', min: 0, value: hp, inputmode: 'numeric', 'aria-label': t('enc.hp') }))));
  for (const ch of app.characters) addRow(ch.name);
  // One empty row for a creature typed by hand (name, initiative, hit points).
  addRow();
  const { picker, picks } = bestiaryPicks();
  const title = h('input', { id: 'enc-title', required: true, maxlength: 64, value: `${t('enc.title')} ${(app.encounters || []).length + 1}`, 'aria-label': t('enc.encName') });
  return h('form', {
    class: 'card stack', id: 'enc-form',
    onsubmit: (ev) => {
      ev.preventDefault();
      const combatants = [...rows.querySelectorAll('tr')].map((tr) => {
        const hp = $('.enc-hp', tr).value;
        const c = { name: $('.enc-name', tr).value.trim(), initiative: Number($('.enc-init', tr).value) || 0 };
        if (hp !== '') c.hp = Number(hp);
        return c;
      }).filter((x) => x.name);
      const name = title.value.trim();
      encAct(async () => {
        await post(encPath(), { name });
        app.encounterName = name;
        for (const c of combatants) await post(encPath(`/${enc(name)}/combatants`), c);
        for (const p of picks) await post(encPath(`/${enc(name)}/creatures`), { name: p.name, monster: p.monster, initiative: p.initiative });
        await post(encPath(`/${enc(name)}/start`));
      });
    },
  }, h('h3', {}, t('enc.setup')),
  h('label', {}, h('span', {}, t('enc.encName')), title),
  h('table', { class: 'enc-setup' }, h('thead', {}, h('tr', {},
    h('th', { scope: 'col' }, t('enc.name')), h('th', { scope: 'col' }, t('enc.init')), h('th', { scope: 'col' }, t('enc.hp')))), rows),
  h('div', { class: 'row' },
    h('button', { type: 'button', onclick: () => addRow() }, t('enc.add'))),
  picker,
  h('div', { class: 'row' },
    h('button', { type: 'submit', class: 'primary' }, t('enc.start'))));
}

/** The set-up's creatures from the bestiary (issue 37): a stat block, a
 *  name and an initiative per pick, listed until the encounter starts;
 *  they join with their own hit points, Armor Class and uses. */
function bestiaryPicks() {
  const picks = [];
  const list = h('ul', { class: 'plain chips', id: 'es-picks', 'aria-live': 'polite' });
  const draw = () => list.replaceChildren(...picks.map((p, i) => h('li', { class: 'chip' },
    `${p.name} (${p.label}) · ${t('enc.init')} ${p.initiative}`,
    h('button', {
      type: 'button', class: 'ghost x', 'aria-label': t('sheet.remove', { c: p.name }),
      onclick: () => { picks.splice(i, 1); draw(); },
    }, '×'))));
  const kind = h('select', { id: 'es-monster', 'aria-label': t('enc.kind') });
  const name = h('input', { id: 'es-name', maxlength: 64, 'aria-label': t('enc.name') });
  const init = h('input', { id: 'es-init', type: 'number', inputmode: 'numeric', value: '10', 'aria-label': t('enc.init') });
  loadBestiary().then((monsters) => kind.replaceChildren(...(monsters || []).map((m) => h('option', { value: m.id }, monsterName(m)))));
  const picker = h('fieldset', { class: 'stack', id: 'enc-bestiary' },
    h('legend', {}, t('enc.monster')),
    h('div', { class: 'row' },
      h('label', {}, h('span', {}, t('enc.kind')), kind),
      h('label', {}, h('span', {}, t('enc.name')), name),
      h('label', {}, h('span', {}, t('enc.init')), init),
      h('button', {
        type: 'button', id: 'es-add',
        onclick: () => {
          const opt = kind.selectedOptions[0];
          if (!opt) return;
          const label = opt.textContent;
          // Two picks of one stat block without names get numbers: Mage, Mage 2.
          let who = name.value.trim() || label;
          for (let k = 2; picks.some((p) => p.name === who); k += 1) who = `${name.value.trim() || label} ${k}`;
          picks.push({ monster: kind.value, label, name: who, initiative: Number(init.value) || 0 });
          name.value = '';
          draw();
        },
      }, t('enc.addMonster'))),
    list);
  return { picker, picks };
}

function renderEncounter() {
  const box = $('#encounter');
  if (!box) return;
  const gm = app.role === 'gm';
  const e = app.encounter;
  const picker = (app.encounters || []).length > 1 ? h('label', {}, h('span', { class: 'vh' }, t('enc.pick')),
    h('select', {
      id: 'enc-pick', onchange: (ev) => { app.encounterName = ev.target.value; loadEncounter(); },
    }, ...app.encounters.map((x) => h('option', { value: x.name, selected: x.name === app.encounterName }, x.name)))) : null;
  if (e && e.ended) {
    box.replaceChildren(...endedEncounter(e, gm));
    return;
  }
  if (!e || !e.started) {
    box.replaceChildren(picker || '', h('p', { class: 'muted' }, t('enc.none')), gm ? setupForm() : h('p', {}, t('enc.gmOnly')));
    return;
  }
  keepOutcome(e);
  const note = app.encounterNote && app.encounterNote.encounter === e.encounter ? app.encounterNote : null;
  const list = h('ol', { class: 'plain order', 'aria-label': t('enc.order') }, ...e.combatants.map((cb) => {
    const turn = cb.turn || {};
    const used = cb.character ? [turn.action_used && t('sheet.action'), turn.bonus_action_used && t('sheet.bonus'), turn.reaction_used && t('sheet.reaction'), turn.slot_spent && t('sheet.slotUsed')].filter(Boolean) : [];
    const dmgInput = h('input', { type: 'number', min: 0, class: 'dmg', inputmode: 'numeric', placeholder: t('enc.hp'), 'aria-label': t('enc.amount', { name: cb.name }) });
    const save = note && note.target === cb.name && note.concentration_save ? note.concentration_save : null;
    return h('li', { class: cb.current ? 'now' : '', 'aria-current': cb.current ? 'true' : null, 'data-name': cb.name },
      h('div', { class: 'who' },
        h('span', { class: 'init', title: t('enc.init') }, String(cb.initiative)),
        h('strong', {}, cb.name),
        cb.character ? h('span', { class: 'muted small' }, ` ${t('enc.character')}`) : null,
        cb.current ? h('span', { class: 'badge now' }, t('enc.now')) : null,
        cb.concentration ? h('span', { class: 'badge conc' }, `${t('spells.concentration')}: ${spellName(cb.concentration)}`) : null,
        hpGlance(cb, gm),
        ...conditionBadges(cb, gm, e.encounter),
        gm ? conditionPicker(cb, e.encounter) : null),
      gm ? usesGlance(cb) : null,
      cb.character ? h('p', { class: 'small econ-line' }, `${t('enc.economy')}: ${used.length ? used.join(', ') : '–'}`) : null,
      cb.character ? encounterDeathTrack(cb.name) : null,
      save ? h('div', { class: save.kept ? 'prompt' : 'prompt lost', role: 'alert' },
        h('p', {}, t('enc.concSave', { name: cb.name, dc: save.dc, dmg: note.damage })),
        h('p', {}, t('enc.concRoll', { roll: save.roll.total, dice: save.roll.dice.join(', ') }), ' ',
          h('strong', {}, t(save.kept ? 'enc.concKept' : 'enc.concLost')))) : null,
      cb.effects && cb.effects.length ? h('p', { class: 'small effects' }, `${t('enc.on')}: `,
        cb.effects.map((f) => `${spellName(f.spell)} (${t('enc.by', { caster: f.caster })})`).join(', ')) : null,
      gm ? h('form', {
        class: 'row dmg-form',
        onsubmit: (ev) => {
          ev.preventDefault();
          const n = Number(dmgInput.value);
          if (n > 0) {
            encAct(async () => {
              app.encounterNote = await post(encPath(`/${enc(e.encounter)}/damage`), { target: cb.name, amount: n });
            });
          }
        },
      }, dmgInput, h('button', { type: 'submit' }, t('enc.damage')),
      ...QUICK_DAMAGE.map((n) => h('button', {
        type: 'button', class: 'quick-dmg', 'aria-label': t('enc.quickDamage', { n, name: cb.name }),
        onclick: () => encAct(async () => {
          app.encounterNote = await post(encPath(`/${enc(e.encounter)}/damage`), { target: cb.name, amount: n });
        }),
      }, `−${n}`))) : null);
  }));
  const current = e.combatants.find((c) => c.current);
  box.replaceChildren(
    h('div', { class: gm ? 'enc-head gm-head' : 'enc-head' },
      h('p', { class: 'big' }, h('strong', {}, t('enc.round', { n: e.round })), ' · ', current ? t('enc.turn', { name: current.name }) : '', ' · ', h('span', { class: 'muted' }, e.encounter)),
      h('div', { class: 'row' }, picker,
        gm ? h('button', { type: 'button', class: 'primary', id: 'next-turn', onclick: () => encAct(() => post(encPath(`/${enc(e.encounter)}/next`))) }, t('enc.next')) : null,
        gm ? h('button', { type: 'button', class: 'ghost', id: 'end-encounter', onclick: () => endEncounter(e.encounter) }, t('enc.end')) : null,
        gm ? h('button', { type: 'button', class: 'ghost', onclick: () => { app.encounter = null; app.encounterName = null; app.encounters = app.encounters || []; box.replaceChildren(setupForm()); } }, t('enc.new')) : h('p', { class: 'muted small' }, t('enc.gmOnly')))),
    // The GM's screen (issue 37): on a wide screen the order and the
    // effects stay in view beside the forms; a phone keeps one column.
    h('div', { class: gm ? 'enc-body gm-screen' : 'enc-body' },
      h('div', { id: 'enc-window' }),
      h('div', { class: 'enc-board' }, list, effectsCard(e))));
  // The reaction window, the last outcome and the GM's creature forms.
  const ctx = {
    gm, me: app.me?.account.name, characters: app.characters, encounter: e.encounter,
    encPath, run: encAct, spellName,
  };
  const slot = $('#enc-window');
  const outcome = app.encounterOutcome && app.encounterOutcome.encounter === e.encounter
    ? outcomeCard(app.encounterOutcome, spellName) : null;
  const creatures = e.combatants.filter((c) => c.creature);
  // Spell names for the window come from the cards, read on first need.
  // The cards and the window are asked for together.
  const pending = e.window
    ? Promise.all([loadCards().catch(() => {}), get(encPath(`/${enc(e.encounter)}/window`))])
      .then(([, info]) => windowCard(ctx, info)).catch(() => null)
    : null;
  Promise.all([pending, creatureAddForm(ctx)]).then(([win, add]) => {
    if (!slot.isConnected) return;
    slot.replaceChildren(...[win, outcome, creatureCastForm(ctx, creatures, e.combatants), creatureRollForm(ctx, creatures, e.combatants), creatureAttackForm(ctx, creatures, e.combatants), add].filter(Boolean));
  });
}

/** The last outcome card and a row's save note belong to the turn they
 *  were shown on (issue 37): kept in the tab's session storage with that
 *  turn, they come back after a reload on the same turn with no window
 *  open, and are forgotten once the turn passes or a window opens. */
function keepOutcome(e) {
  const key = `grimoire.outcome.${app.campaign}`;
  const turn = `${e.encounter}\u0001${e.round}\u0001${e.current}`;
  const ours = (x) => (x && x.encounter === e.encounter ? x : null);
  try {
    if (ours(app.encounterOutcome) || ours(app.encounterNote)) {
      sessionStorage.setItem(key, JSON.stringify({ turn, outcome: ours(app.encounterOutcome), note: ours(app.encounterNote) }));
      return;
    }
    const kept = JSON.parse(sessionStorage.getItem(key) || 'null');
    if (kept && kept.turn === turn && !e.window) {
      app.encounterOutcome = kept.outcome;
      app.encounterNote = kept.note;
    } else if (kept) sessionStorage.removeItem(key);
  } catch { /* storage refused: nothing kept */ }
}

/** A turn passed or a window opened: the last outcome and note go. */
function forgetOutcome() {
  app.encounterOutcome = null;
  app.encounterNote = null;
  try { sessionStorage.removeItem(`grimoire.outcome.${app.campaign}`); } catch { /* nothing kept */ }
}

/** The damage the GM deals with one click from a row of the order. */
const QUICK_DAMAGE = [1, 5, 10];

/** A combatant's hit points at a glance: current of maximum with a bar
 *  and its Armor Class for the GM (a player gets no creature numbers
 *  from the server, so a creature's row shows none). */
function hpGlance(cb, gm) {
  if (cb.hp == null) return null;
  const max = cb.stats && cb.stats.max_hp;
  const ac = cb.stats && cb.stats.ac;
  const text = max ? `${t('enc.hp')} ${cb.hp} / ${max}` : `${t('enc.hp')} ${cb.hp}`;
  return h('span', { class: gm && cb.creature ? 'hp-glance gm' : 'hp-glance' },
    h('span', { class: 'hp-now' }, text),
    max ? h('meter', { min: 0, max, low: Math.ceil(max / 3), high: Math.ceil(max / 2), optimum: max, value: Math.max(0, cb.hp), 'aria-hidden': 'true' }) : null,
    ac != null ? h('span', { class: 'muted small' }, ` · ${t('enc.ac', { ac })}`) : null);
}

/** The stored character a combatant row stands for, if any. */
function characterOf(cb) {
  if (!cb.character) return null;
  return app.characters.find((c) => c.name.toLowerCase() === String(cb.name).toLowerCase()) || null;
}

/** Where a row's condition goes: a character's sheet, or a stat-block
 *  creature's place in the encounter (issue 37); null for a creature
 *  typed by hand, which keeps none. */
function conditionSender(cb, encounter) {
  const ch = characterOf(cb);
  if (ch) return (condition, remove) => post(charPath(ch, 'conditions'), { condition, remove });
  if (cb.creature) return (condition, remove) => post(encPath(`/${enc(encounter)}/conditions`), { creature: cb.name, condition, remove });
  return null;
}

/** A row's conditions, seen by every seat; the GM removes one with one click. */
function conditionBadges(cb, gm, encounter) {
  const send = gm ? conditionSender(cb, encounter) : null;
  return (cb.conditions || []).map((k) => (send
    ? h('button', {
      type: 'button', class: 'badge cond-x', 'aria-label': t('sheet.remove', { c: word(CONDITIONS, k) }),
      onclick: () => encAct(() => send(k, true)),
    }, `${word(CONDITIONS, k)} ×`)
    : h('span', { class: 'badge' }, word(CONDITIONS, k))));
}

/** The GM's one-step condition for a row: picking one adds it. */
function conditionPicker(cb, encounter) {
  const send = conditionSender(cb, encounter);
  if (!send) return null;
  return h('select', {
    class: 'cond-add', 'aria-label': t('enc.addCondition', { name: cb.name }),
    onchange: (ev) => {
      const k = ev.target.value;
      if (k) encAct(() => send(k, false));
    },
  }, h('option', { value: '' }, t('sheet.addCondition')),
  ...Object.keys(CONDITIONS).filter((k) => !(cb.conditions || []).includes(k)).map((k) => h('option', { value: k }, word(CONDITIONS, k))));
}

/** A stat-block creature's limited uses at a glance, for the GM's row
 *  (issue 37): each with what is left of how many and when they come
 *  back; a spent one stands out. Players get no uses from the server. */
function usesGlance(cb) {
  const uses = (cb.uses || []).filter((u) => u.max > 0);
  if (!uses.length) return null;
  return h('ul', { class: 'plain uses-line small', 'aria-label': t('enc.uses', { name: cb.name }) },
    ...uses.map((u) => h('li', { class: u.remaining === 0 ? 'use spent' : 'use', 'data-use': u.name },
      h('span', {}, `${u.name} `),
      h('strong', {}, t('enc.useLeft', { n: u.remaining, max: u.max })),
      u.recharge ? h('span', { class: 'muted' }, ` · ${t(`enc.recharge.${u.recharge}`)}`) : null)));
}

/** A dying character's death-save track in the order, for every seat;
 *  its owner and the GM roll from there too. */
function encounterDeathTrack(name) {
  const ch = app.characters.find((c) => c.name.toLowerCase() === String(name).toLowerCase());
  if (!ch) return null;
  const mine = canAct(ch);
  return deathTrack(ch, {
    mine, path: (tail) => charPath(ch, tail), onError: (e) => toast(errorText(e)),
    last: app.deathSaid && app.deathSaid.name === ch.name ? app.deathSaid.text : '',
    onDone: (r) => {
      app.deathSaid = { name: ch.name, text: deathSentence(ch.name, r) };
      putCharacter(r.character);
      loadEncounter();
    },
  });
}

/** Ends the encounter once the GM confirms; it stays on screen, ended. */
function endEncounter(name) {
  if (!window.confirm(t('enc.endConfirm', { name }))) return;
  encAct(() => post(encPath(`/${enc(name)}/end`)));
}

/** An ended encounter's final state (read-only), the running ones to
 *  pick from, and the GM's form for a new one. */
function endedEncounter(e, gm) {
  const live = app.encounters || [];
  const picker = live.length ? h('label', {}, h('span', { class: 'vh' }, t('enc.pick')),
    h('select', { id: 'enc-pick', onchange: (ev) => { app.encounterName = ev.target.value; loadEncounter(); } },
      h('option', { value: e.encounter, selected: true, disabled: true }, e.encounter),
      ...live.map((x) => h('option', { value: x.name }, x.name)))) : null;
  const order = h('ol', { class: 'plain order', 'aria-label': t('enc.order') }, ...e.combatants.map((cb) => h('li', { 'data-name': cb.name },
    h('div', { class: 'who' },
      h('strong', {}, cb.name),
      cb.hp != null ? h('span', { class: 'muted small' }, ` ${t('enc.hp')} ${cb.hp}`) : null,
      ...(cb.conditions || []).map((k) => h('span', { class: 'badge' }, word(CONDITIONS, k)))))));
  return [picker || '',
    h('p', { class: 'prompt', role: 'status', id: 'enc-ended' }, t('enc.ended', { name: e.encounter, n: e.round ?? 0 })),
    order,
    gm ? setupForm() : h('p', {}, t('enc.gmOnly'))];
}

/** "1 round left", "3 rounds left" (issue 37: not "1 rounds"). */
function roundsLeft(n) {
  const left = Math.max(0, n);
  return t(left === 1 ? 'sheet.roundsOne' : 'sheet.rounds', { n: left });
}

/** Every spell the encounter's characters keep going, with the rounds left. */
function effectsCard(e) {
  const names = new Set(e.combatants.filter((c) => c.character).map((c) => c.name.toLowerCase()));
  const rows = [];
  for (const ch of app.characters) {
    if (!names.has(ch.name.toLowerCase()) || !ch.state) continue;
    const now = ch.state.now || 0;
    for (const o of ch.state.ongoing || []) {
      rows.push(h('li', {}, h('strong', {}, spellName(o.spell)), ` ${t('enc.by', { caster: ch.name })}`,
        o.targets && o.targets.length ? ` → ${o.targets.join(', ')}` : '',
        o.concentration ? h('span', { class: 'badge conc' }, t('spells.concentration')) : null,
        h('span', { class: 'muted small' }, ` · ${o.expires_at != null ? roundsLeft(o.expires_at - now) : t('sheet.noEnd')}`)));
    }
  }
  return h('section', { class: 'card', 'aria-labelledby': 'eff-h' }, h('h3', { id: 'eff-h' }, t('enc.effects')),
    rows.length ? h('ul', { class: 'plain' }, ...rows) : h('p', { class: 'muted' }, t('enc.noEffects')));
}

// ---------- start ----------

function applyLang(l) {
  setLang(l);
  $('#lang').value = getLang();
  translate();
  if (app.me) { renderTable(); drawHouseRules(); if (app.tab !== 'table') showTab(app.tab); }
  if ($('#cast-dialog').open && castSpell) openCast(castSpell.id);
}

async function start() {
  // The token stopped working (revoked on another device, or expired):
  // back to the login page, saying why, instead of asking again with it.
  whenSignedOut(() => { if (app.me) loggedOut(t('login.expired')); });
  bindLogin();
  bindTable();
  bindSpells();
  bindCast();
  $('#lang').addEventListener('change', (ev) => applyLang(ev.target.value));
  $('#sheet-pick').addEventListener('change', (ev) => { app.character = ev.target.value; renderSheet(); });
  window.addEventListener('hashchange', route);
  applyLang(initialLang());
  // An invite link: kept until sign-in, joined right after it.
  if (takeJoinLink()) $('#join-note').hidden = false;
  const tok = getToken();
  if (tok && location.hash === '#spells') srdCards().catch(() => {});
  if (tok) {
    try { await useToken(tok); return; } catch (e) {
      // A revoked or expired token: say so on the login page.
      showTab('login');
      $('#login-error').textContent = errorText(e);
      return;
    }
  }
  showTab('login');
}

start();
