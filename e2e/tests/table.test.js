// End-to-end: a GM and a player at the web table, in headless Chromium.
//
// Needs a running server: GRIMOIRE_URL (default http://127.0.0.1:8080).
// Chromium comes from Debian (CHROMIUM, default /usr/bin/chromium);
// screenshots go to GRIMOIRE_SCREENSHOTS (default ../docs/screenshots).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { recordRequests, undocumented } from './documented.js';

const BASE = process.env.GRIMOIRE_URL || 'http://127.0.0.1:8080';
const SHOTS = process.env.GRIMOIRE_SCREENSHOTS
  || path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');
const run = Date.now().toString(36);
const GM = `gm-${run}`;
const PLAYER = `pat-${run}`;
const CAMPAIGN = `cave-${run}`;

let browser;
let gm; // page
let player; // page
const contexts = [];
const requests = []; // every `METHOD /path` the pages sent

async function page(options = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light', locale: 'en-GB', ...options });
  contexts.push(ctx);
  const p = await ctx.newPage();
  recordRequests(p, BASE, requests);
  p.setDefaultTimeout(10_000);
  p.on('pageerror', (e) => { throw new Error(`page error: ${e.message}`); });
  return p;
}

async function shot(p, name, opts = {}) {
  await p.screenshot({ path: path.join(SHOTS, `${name}.png`), ...opts });
}

async function register(p, name) {
  await p.goto(BASE);
  // Before logging in a person sees the login form and no menus.
  await p.locator('#reg-name').waitFor({ state: 'visible' });
  assert.equal(await p.locator('#nav').isVisible(), false, 'the menus are not shown on the login page');
  for (const tab of ['spells', 'sheet', 'encounter', 'table']) {
    assert.equal(await p.locator(`a[data-tab=${tab}]`).isVisible(), false, `no ${tab} menu before login`);
  }
  assert.equal(await p.locator('#logout').isVisible(), false, 'no Log out before login');
  await p.fill('#reg-name', name);
  await p.click('#register-form button[type=submit]');
  await p.waitForSelector(`#who:text("${name}")`);
}

/** Whether the Cast button is on screen and on top, with no scrolling. */
async function castReachable(p) {
  return p.evaluate(() => {
    const b = document.getElementById('cast-go');
    const r = b.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const inView = r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
    return inView && b.contains(document.elementFromPoint(x, y));
  });
}

/** The number of slots of `level` the page shows as left. */
async function slotsLeft(p, level) {
  return p.getAttribute(`#slot-list li[data-level="${level}"]`, 'data-left');
}

async function waitSlots(p, level, left) {
  await p.waitForSelector(`#slot-list li[data-level="${level}"][data-left="${left}"]`);
}

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  player = await page();
  gm = await page();
});

after(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  if (browser) await browser.close();
});

test('GM and player join one campaign', async () => {
  await register(player, PLAYER);
  await register(gm, GM);
  await gm.fill('#camp-id', CAMPAIGN);
  await gm.fill('#camp-title', 'The Crystal Cave');
  await gm.click('#campaign-form button[type=submit]');
  await gm.locator('#player-form').waitFor({ state: 'visible' });
  await gm.fill('#player-name', PLAYER);
  await gm.click('#player-form button[type=submit]');
  await gm.waitForSelector(`#campaign-info:has-text("${PLAYER}")`);
  // The player is told live, without reloading the page.
  await player.getByText(`${GM} added you to The Crystal Cave.`).waitFor({ state: 'visible' });
  await player.waitForSelector(`#campaign-list button:has-text("${CAMPAIGN}")`);
  await player.locator('#live').waitFor({ state: 'visible' });
  await gm.locator('#live').waitFor({ state: 'visible' });
  // After logging in the menus show; only the GM sees the Add-player form.
  await player.locator('a[data-tab=spells]').waitFor({ state: 'visible' });
  await player.locator('#character-form').waitFor({ state: 'visible' });
  assert.equal(await player.locator('#player-form').isVisible(), false, 'a player does not see the GM\'s Add-player form');
  assert.equal(await player.getByRole('button', { name: 'Add player' }).count(), 0, 'no Add player button for a player');
  assert.ok(await gm.locator('#player-form').isVisible(), 'the GM sees the Add-player form');
});

test('the player creates a level-3 Wizard', async () => {
  await player.fill('#char-name', 'Elmira');
  await player.selectOption('#char-class', 'wizard');
  await player.fill('#char-level', '3');
  await player.fill('#char-score', '16');
  await player.fill('#char-spells', 'Magic Missile, Burning Hands, Rozmazání, Shield, Fire Bolt');
  await player.click('#character-form button[type=submit]');
  await player.waitForSelector('#character-list button:has-text("Elmira")');
  // The GM's table hears of it live.
  await gm.waitForSelector('#character-list button:has-text("Elmira")');
  await shot(gm, 'table');
  await player.click('#character-list button:has-text("Elmira")');
  await waitSlots(player, 1, 4);
  await waitSlots(player, 2, 2);
  await gm.click('a[data-tab=sheet]');
  await waitSlots(gm, 2, 2);
});

test('the spellbook finds spells in Czech and charts their damage', async () => {
  await player.click('a[data-tab=spells]');
  await player.fill('#q', 'magicka strela');
  const card = player.locator('article[data-spell="magic-missile"]');
  await card.waitFor();
  await card.getByRole('button', { name: 'Damage chart' }).click();
  await card.locator('svg.chart .row').first().waitFor();
  assert.equal(await card.locator('svg.chart .row').count(), 9, 'one row per slot level 1-9');
  // The sticky header would cover the top of an element screenshot.
  await player.evaluate(() => { document.querySelector('.top').style.position = 'static'; });
  await card.screenshot({ path: path.join(SHOTS, 'damage-chart.png') });
  await player.evaluate(() => { document.querySelector('.top').style.position = ''; });
  await player.fill('#q', 'fire');
  const fireball = player.locator('article[data-spell="fireball"]');
  await fireball.waitFor();
  // Its material component reads in Czech when the table does (issue 37).
  await player.selectOption('#lang', 'cs');
  await fireball.getByText('M (kulička netopýřího trusu a síry)').waitFor({ state: 'visible' });
  assert.equal(await fireball.getByText('guano').count(), 0, 'no English material in Czech');
  await player.selectOption('#lang', 'en');
  await fireball.getByText('M (a ball of bat guano and sulfur)').waitFor({ state: 'visible' });
  await player.evaluate(() => window.scrollTo(0, 0));
  await shot(player, 'spellbook');
  // Each tab keeps its own scroll: the spellbook scrolled down, the sheet
  // opens at its top, and the spellbook comes back where it was.
  await player.fill('#q', '');
  await player.locator('article[data-spell]').nth(20).waitFor();
  await player.evaluate(() => window.scrollTo(0, 1500));
  const spellsY = await player.evaluate(() => window.scrollY);
  assert.ok(spellsY > 1000, `the spellbook scrolled (${spellsY})`);
  await player.click('a[data-tab=sheet]');
  await player.locator('#tab-sheet').waitFor({ state: 'visible' });
  assert.equal(await player.evaluate(() => window.scrollY), 0, 'the sheet opens at its top');
  await player.click('a[data-tab=spells]');
  await player.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, spellsY);
  await player.evaluate(() => window.scrollTo(0, 0));
  // A typo still finds the spell through the catalogue's search.
  await player.fill('#q', 'fyrebal');
  await player.locator('article[data-spell="fireball"]').waitFor();
});

test('a cantrip\'s cast dialog shows no slot level or damage type to pick', async () => {
  await player.click('a[data-tab=sheet]');
  await player.getByRole('button', { name: 'Cast Fire Bolt' }).click();
  await player.waitForSelector('#cast-dialog[open]');
  await player.locator('#cast-sources').getByText('Cantrip: no slot').waitFor({ state: 'visible' });
  assert.equal(await player.locator('#cast-slot').isVisible(), false, 'no slot-level select for a cantrip');
  assert.equal(await player.getByText('Slot level', { exact: true }).isVisible(), false, 'no "Slot level" label');
  assert.equal(await player.locator('#cast-type').isVisible(), false, 'no empty damage-type select');
  assert.equal(await player.locator('#cast-trigger').isVisible(), false, 'an Action answers no trigger');
  assert.equal(await player.locator('#cast-offturn').isVisible(), false, 'nor is it cast off turn');
  await player.click('#cast-close');
  // A levelled spell does show the slot levels to pick from.
  await player.getByRole('button', { name: 'Cast Magic Missile' }).click();
  await player.locator('#cast-slot').waitFor({ state: 'visible' });
  assert.equal(await player.locator('#cast-type').isVisible(), false, 'Magic Missile offers no damage type');
  await player.click('#cast-close');
});

test('casting Magic Missile at level 2 previews the odds and spends the slot live', async () => {
  await player.click('a[data-tab=sheet]');
  await shot(player, 'character-sheet', { fullPage: true });
  await player.getByRole('button', { name: 'Cast Magic Missile' }).click();
  await player.waitForSelector('#cast-dialog[open]');
  await player.selectOption('#cast-slot', '2');
  await player.waitForSelector('#cast-upcast:has-text("darts or rays +1")');
  await player.waitForSelector('#expected:has-text("14")');
  assert.match(await player.textContent('#expected'), /from 8 to 20/);
  await player.waitForSelector('#cast-expect svg .row.hl[data-slot="2"]');
  // The first chart is drawn at the size it shows (not scaled up), and it folds.
  const scale = await player.evaluate(() => {
    const svg = document.querySelector('#cast-expect svg');
    return svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  });
  assert.ok(scale > 0.9 && scale < 1.1, `the chart is drawn at its own size (scale ${scale})`);
  const chart = player.locator('#cast-expect svg.chart');
  await player.locator('#cast-expect summary').getByText('Damage chart').click();
  await chart.waitFor({ state: 'hidden' });
  await player.getByText(/Expected damage: 14/).waitFor({ state: 'visible' });
  await player.locator('#cast-expect summary').click();
  await chart.waitFor({ state: 'visible' });
  await player.fill('#cast-targets', 'Goblin');
  // With the preview and chart drawn, Cast is on screen on a 1280×800 laptop.
  await player.setViewportSize({ width: 1280, height: 800 });
  assert.ok(await castReachable(player), 'Cast is visible without scrolling at 1280×800');
  await shot(player, 'cast-dialog');
  await player.setViewportSize({ width: 1280, height: 900 });
  await player.click('#cast-go');
  await player.waitForSelector('#cast-result .done');
  const dice = await player.locator('#cast-result .die').allTextContents();
  assert.equal(dice.length, 4, `four darts, one d4 each: ${dice}`);
  for (const d of dice) assert.ok(Number(d) >= 1 && Number(d) <= 4, d);
  assert.match(await player.textContent('#cast-result'), /Magic Missile cast at level 2/);
  // The other browser (the GM's) sees the slot go without reloading.
  await waitSlots(gm, 2, 1);
  assert.equal(await slotsLeft(gm, 1), '4');
});

test('a second slot spell in the same turn is refused with its rule', async () => {
  await player.click('#cast-close');
  await player.getByRole('button', { name: 'Cast Burning Hands' }).click();
  await player.waitForSelector('#cast-dialog[open]');
  await player.click('#cast-go');
  await player.waitForSelector('#cast-result .refusal');
  const text = await player.textContent('#cast-result');
  assert.match(text, /R10/);
  assert.match(text, /one_slot_per_turn/);
  assert.match(text, /one spell slot/i);
  await shot(player, 'refusal');
  // The same refusal, explained in Czech.
  await player.selectOption('#lang', 'cs');
  await player.waitForSelector('#cast-go:has-text("Seslat")');
  await player.click('#cast-go');
  await player.waitForSelector('#cast-result .refusal:has-text("pozici")');
  assert.match(await player.textContent('#cast-result'), /Pravidlo R10/);
  await shot(player, 'refusal-cs');
  await player.click('#cast-close');
  await player.selectOption('#lang', 'en');
  await waitSlots(player, 2, 1);
  assert.equal(await slotsLeft(player, 1), '4', 'the refused cast spent nothing');
});

test('a player casts Shield as a Reaction on another creature\'s turn, naming the trigger', async () => {
  // Magic Missile spent this turn's slot (R10); a Reaction on another
  // creature's turn is not counted against it.
  await player.getByRole('button', { name: 'Cast Shield' }).click();
  await player.waitForSelector('#cast-dialog[open]');
  const trigger = player.getByLabel('Trigger you are answering');
  await trigger.waitFor({ state: 'visible' });
  assert.equal(await trigger.inputValue(), '', 'the trigger starts empty');
  await player.getByText('This spell answers: when you are hit by an attack roll').waitFor({ state: 'visible' });
  const offTurn = player.getByLabel("On another creature's turn");
  await offTurn.waitFor({ state: 'visible' });
  assert.equal(await offTurn.isChecked(), false);
  // Without a trigger the browser keeps the form: nothing is cast.
  await player.click('#cast-go');
  assert.equal(await player.locator('#cast-result').isVisible(), false, 'no result without a trigger');
  await trigger.fill("the goblin's scimitar is about to hit me");
  await offTurn.check();
  await shot(player, 'cast-reaction');
  await player.click('#cast-go');
  await player.locator('#cast-result').getByText('Shield cast at level 1.').waitFor({ state: 'visible' });
  await player.click('#cast-close');
  await waitSlots(player, 1, 3);
  await player.locator('.econ li.used').getByText('Reaction').waitFor({ state: 'visible' });
});

test('a long rest restores the slots, live for the GM too, and the player\'s tabs share one live stream', async () => {
  // Two more tabs of the player's browser follow the campaign through the
  // first tab's streams (BroadcastChannel), opening none of their own: the
  // server keeps 8 streams per account, and HTTP/1.1 gives a browser 6
  // connections to it.
  const streams = new Map(); // page -> its requests to an /events path
  const watch = (p) => {
    streams.set(p, []);
    p.on('request', (r) => { if (/\/events$/.test(new URL(r.url()).pathname)) streams.get(p).push(new URL(r.url()).pathname); });
  };
  watch(player);
  const tabs = [];
  for (let i = 0; i < 2; i += 1) {
    const tab = await player.context().newPage();
    tab.setDefaultTimeout(10_000);
    watch(tab);
    await tab.goto(`${BASE}/#sheet`);
    await waitSlots(tab, 2, 1);
    await tab.locator('#live').waitFor({ state: 'visible' });
    tabs.push(tab);
  }
  assert.deepEqual(tabs.map((tab) => streams.get(tab)), [[], []], 'the new tabs open no stream');
  // The first tab reloads: one of the others takes its streams over.
  await player.reload();
  await waitSlots(player, 2, 1);
  const campaignStream = `/campaigns/${CAMPAIGN}/events`;
  const taken = () => tabs.filter((tab) => streams.get(tab).includes(campaignStream)).length;
  for (let i = 0; i < 100 && taken() === 0; i += 1) await player.waitForTimeout(100);
  assert.equal(taken(), 1, 'exactly one other tab follows the campaign');
  await player.locator('#live').waitFor({ state: 'visible' });
  assert.deepEqual(streams.get(player).filter((x) => x === campaignStream), [], 'the reloaded tab follows through the others');
  await player.click('#long-rest');
  await waitSlots(player, 2, 2);
  await waitSlots(gm, 2, 2);
  // Both other tabs see it live: one from the server, one through the channel.
  for (const tab of tabs) await waitSlots(tab, 2, 2);
  // Closed, they hand the streams back to the first tab.
  for (const tab of tabs) await tab.close();
  for (let i = 0; i < 100 && !streams.get(player).includes(campaignStream); i += 1) await player.waitForTimeout(100);
  assert.ok(streams.get(player).includes(campaignStream), 'the first tab follows the campaign again');
  await player.locator('#live').waitFor({ state: 'visible' });
});

test('a wand casts Magic Missile without a slot (R5d)', async () => {
  await player.click('#end-turn');
  await player.click('details.gear summary');
  await player.selectOption('#gear-kind', 'item');
  await player.fill('#gear-name', 'Wand of Magic Missiles');
  await player.fill('#gear-spells', 'Magická střela');
  await player.fill('#gear-uses', '7');
  await player.click('#gear-form button[type=submit]');
  await player.waitForSelector('#sheet :text("7 of 7 charges")');
  await player.getByRole('button', { name: 'Cast Magic Missile' }).click();
  await player.check('#cast-sources input[value="item:Wand of Magic Missiles"]');
  await player.locator('#cast-slot').waitFor({ state: 'hidden' });
  await player.click('#cast-go');
  await player.waitForSelector('#cast-result .done:has-text("without a slot")');
  await player.click('#cast-close');
  await player.waitForSelector('#sheet :text("6 of 7 charges")');
  assert.equal(await slotsLeft(player, 1), '4');
  assert.equal(await slotsLeft(player, 2), '2');
  // Components: a Component Pouch is kept on the sheet.
  await player.check('#eq-pouch');
  await player.click('#equip-form button[type=submit]');
  await player.waitForSelector('#toast.show:has-text("Equipment saved")');
  assert.ok(await player.isChecked('#eq-pouch'));
});

test('the GM runs an encounter: turns, Concentration save on damage, effects', async () => {
  await gm.click('a[data-tab=encounter]');
  await gm.waitForSelector('#enc-form');
  const rows = gm.locator('#enc-form tbody tr');
  await rows.nth(0).locator('.enc-init').fill('17');
  await rows.nth(1).locator('.enc-name').fill('Goblin');
  await rows.nth(1).locator('.enc-init').fill('12');
  await rows.nth(1).locator('.enc-hp').fill('7');
  await gm.click('#enc-form button[type=submit]');
  await gm.waitForSelector('.order li.now[data-name="Elmira"]');
  // The GM sees the Goblin's hit points.
  await gm.locator('.order li[data-name="Goblin"]').getByText('HP 7').waitFor({ state: 'visible' });
  // Elmira's turn: she casts Blur (Concentration).
  await player.getByRole('button', { name: 'Cast Blur' }).click();
  await player.click('#cast-go');
  await player.waitForSelector('#cast-result .done');
  await player.click('#cast-close');
  await gm.waitForSelector('.order li[data-name="Elmira"] .badge.conc');
  await gm.waitForSelector('#eff-h');
  await gm.waitForSelector('#encounter li:has-text("Blur") :text("10 rounds left")');
  await shot(gm, 'encounter', { fullPage: true });
  await gm.locator('.order li[data-name="Elmira"] input.dmg').fill('24');
  await gm.locator('.order li[data-name="Elmira"] .dmg-form button[type=submit]').click();
  await gm.waitForSelector('.order li[data-name="Elmira"] .prompt:has-text("DC 12")');
  assert.match(await gm.textContent('.order li[data-name="Elmira"] .prompt'), /Concentration (holds|is lost)/);
  // Elmira's player is asked wherever they are, and the prompt stays
  // until they answer it.
  const asked = player.locator('.conc-prompt').filter({ hasText: 'DC 12' });
  await asked.waitFor({ state: 'visible' });
  await player.click('a[data-tab=spells]');
  await asked.waitFor({ state: 'visible' });
  await player.click('a[data-tab=sheet]');
  assert.equal(await gm.locator('.conc-prompt').count(), 0, 'the GM is not asked for a player\'s save');
  await asked.getByRole('button', { name: 'Got it' }).click();
  await asked.waitFor({ state: 'detached' });
  await shot(gm, 'concentration-save', { fullPage: true });
  // The player watches the same encounter live.
  await player.click('a[data-tab=encounter]');
  await player.waitForSelector('.order li[data-name="Elmira"] .prompt:has-text("DC 12")');
  // The player sees the order but neither the GM's controls nor the
  // monster's hit points.
  const goblin = player.locator('.order li[data-name="Goblin"]');
  await goblin.getByText('Goblin', { exact: true }).waitFor({ state: 'visible' });
  assert.doesNotMatch(await goblin.innerText(), /HP|\b7\b/, 'no hit points on the Goblin for a player');
  assert.equal(await player.getByRole('button', { name: 'Next turn' }).count(), 0, 'no Next turn for a player');
  assert.equal(await player.getByRole('button', { name: 'Damage', exact: true }).count(), 0, 'no Damage buttons for a player');
  assert.equal(await player.getByRole('spinbutton', { name: /Damage to/ }).count(), 0, 'no damage fields for a player');
  await player.getByText('Only the GM runs the encounter; you see it live.').waitFor({ state: 'visible' });
  await shot(player, 'encounter-player');
  await gm.click('#next-turn');
  await gm.waitForSelector('.order li.now[data-name="Goblin"]');
  // On the Goblin's turn (the GM's) the player answers its attack with
  // Shield; the tracker knows it is not Elmira's turn.
  await player.waitForSelector('.order li.now[data-name="Goblin"]');
  await player.click('a[data-tab=sheet]');
  await player.getByRole('button', { name: 'Cast Shield' }).click();
  await player.getByLabel('Trigger you are answering').fill('the goblin attacks me');
  await player.click('#cast-go');
  await player.locator('#cast-result').getByText('Shield cast at level 1.').waitFor({ state: 'visible' });
  await player.click('#cast-close');
  await gm.locator('.order li[data-name="Elmira"] .econ-line').getByText(/Reaction/).waitFor({ state: 'visible' });
  await player.click('a[data-tab=encounter]');
  await gm.click('#next-turn');
  await gm.waitForSelector('.order li.now[data-name="Elmira"]');
  await gm.waitForSelector('.enc-head :text("Round 2")');
  await player.waitForSelector('.order li.now[data-name="Elmira"]');
});

/** Visible form controls and buttons that have no accessible name. */
async function unnamed(p) {
  return p.evaluate(() => {
    const named = (el) => (el.getAttribute('aria-label') || '').trim()
      || (el.labels && [...el.labels].some((l) => l.textContent.trim()))
      || (el.tagName === 'BUTTON' && el.textContent.trim())
      || (el.getAttribute('aria-labelledby') || '').trim();
    return [...document.querySelectorAll('input, select, button, textarea')]
      .filter((el) => el.offsetParent !== null && el.type !== 'hidden' && !named(el))
      .map((el) => el.outerHTML.slice(0, 80));
  });
}

test('every control has a name, and the cast dialog works from the keyboard', async () => {
  for (const tab of ['table', 'spells', 'sheet', 'encounter']) {
    await player.click(`a[data-tab=${tab}]`);
    await player.locator(`#tab-${tab}`).waitFor({ state: 'visible' });
    for (const other of ['table', 'spells', 'sheet', 'encounter'].filter((x) => x !== tab)) {
      assert.equal(await player.locator(`#tab-${other}`).isVisible(), false, `only ${tab} shows`);
    }
    assert.deepEqual(await unnamed(player), [], `unnamed controls on ${tab}`);
  }
  await player.click('a[data-tab=sheet]');
  await player.getByRole('button', { name: 'Cast Magic Missile' }).focus();
  await player.keyboard.press('Enter');
  await player.waitForSelector('#cast-dialog[open]');
  assert.deepEqual(await unnamed(player), [], 'unnamed controls in the cast dialog');
  // Focus moved into the dialog; Escape closes it.
  assert.ok(await player.evaluate(() => document.getElementById('cast-dialog').contains(document.activeElement)));
  await player.keyboard.press('Escape');
  await player.locator('#cast-dialog').waitFor({ state: 'hidden' });
});

test('the sheet works on a phone screen', async () => {
  const token = await player.evaluate(() => localStorage.getItem('grimoire.token'));
  const phone = await page({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, colorScheme: 'dark', locale: 'cs-CZ' });
  await phone.addInitScript((t) => { localStorage.setItem('grimoire.token', t); localStorage.setItem('grimoire.lang', 'cs'); }, token);
  await phone.goto(`${BASE}/#sheet`);
  // Shield on the Goblin's turn spent one level-1 slot.
  await waitSlots(phone, 1, 3);
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `no sideways scrolling at 375px (page is ${width}px wide)`);
  await shot(phone, 'phone-sheet', { fullPage: true });
  await phone.getByRole('button', { name: 'Seslat Magická střela' }).click();
  await phone.selectOption('#cast-slot', '2');
  await phone.waitForSelector('#expected:has-text("14")');
  const dialogWidth = await phone.evaluate(() => document.getElementById('cast-dialog').getBoundingClientRect().width);
  assert.ok(dialogWidth <= 375, `the dialog fits the screen (${dialogWidth}px)`);
  assert.ok(await castReachable(phone), 'Cast is visible without scrolling on the phone');
  await phone.setViewportSize({ width: 390, height: 844 });
  assert.ok(await castReachable(phone), 'Cast is visible without scrolling at 390×844');
  await shot(phone, 'phone-cast');
  await phone.keyboard.press('Escape');
  // The Reaction's trigger field, in Czech, with the spell's Czech trigger.
  await phone.getByRole('button', { name: 'Seslat Štít' }).click();
  await phone.getByLabel('Spouštěč, na který reaguješ').waitFor({ state: 'visible' });
  await phone.getByText('Kouzlo reaguje: když tě zasáhne hod na útok').waitFor({ state: 'visible' });
  await phone.getByText('V tahu jiného tvora').waitFor({ state: 'visible' });
  await phone.keyboard.press('Escape');
});

test('a new Wizard 5 casts Fireball at once; a components refusal leads to the fix', async () => {
  await player.click('a[data-tab=table]');
  await player.fill('#char-name', 'Quill');
  await player.selectOption('#char-class', 'wizard');
  await player.fill('#char-level', '5');
  await player.fill('#char-score', '16');
  await player.fill('#char-spells', 'Fireball');
  await player.click('#character-form button[type=submit]');
  await player.click('#character-list button:has-text("Quill")');
  await waitSlots(player, 3, 2);
  // The sheet shows the starting gear the CLI gives too.
  const pouch = player.getByLabel('Component Pouch');
  await pouch.waitFor({ state: 'visible' });
  assert.ok(await pouch.isChecked(), 'a new character carries a Component Pouch');
  await player.getByRole('button', { name: 'Cast Fireball' }).click();
  // The encounter is running: its combatants are there to tick, and the
  // text field is for anything else.
  await player.getByRole('group', { name: 'Targets in the encounter' }).waitFor({ state: 'visible' });
  await player.getByRole('checkbox', { name: 'Goblin' }).check();
  await player.getByLabel('Other targets (comma separated)').waitFor({ state: 'visible' });
  await player.click('#cast-go');
  await player.locator('#cast-result').getByText('Fireball cast at level 3.').waitFor({ state: 'visible' });
  await player.click('#cast-close');
  await waitSlots(player, 3, 1);
  // Without the pouch the refusal says what would make the cast legal,
  // and its button leads to the control that does it.
  await pouch.uncheck();
  await player.click('#equip-form button[type=submit]');
  await player.waitForSelector('#toast.show:has-text("Equipment saved")');
  await player.click('#end-turn');
  await player.getByRole('button', { name: 'Cast Fireball' }).click();
  await player.click('#cast-go');
  const refusal = player.locator('#cast-result .refusal');
  await refusal.getByText('carry a Component Pouch or a spellcasting focus').waitFor({ state: 'visible' });
  assert.match(await refusal.textContent(), /Rule R14c/);
  await shot(player, 'refusal-components');
  await refusal.getByRole('button', { name: 'Go to Hands and components' }).click();
  await player.locator('#cast-dialog').waitFor({ state: 'hidden' });
  await pouch.waitFor({ state: 'visible' });
  assert.equal(await player.evaluate(() => document.activeElement && document.activeElement.id), 'eq-pouch', 'the pouch has the focus');
  const box = await pouch.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= 900, `the pouch is on screen (${JSON.stringify(box)})`);
  await pouch.check();
  await player.click('#equip-form button[type=submit]');
  await player.waitForSelector('#toast.show:has-text("Equipment saved")');
  assert.equal(await slotsLeft(player, 3), '1', 'the refused cast spent nothing');
});

test('the GM ends the encounter after confirming, and both see it ended with its final state', async () => {
  await gm.click('a[data-tab=encounter]');
  await player.click('a[data-tab=encounter]');
  await gm.waitForSelector('#next-turn');
  // The player has no End button; the GM's asks first, and a No keeps the fight going.
  assert.equal(await player.getByRole('button', { name: 'End encounter' }).count(), 0, 'no End encounter for a player');
  gm.once('dialog', (d) => d.dismiss());
  await gm.getByRole('button', { name: 'End encounter' }).click();
  await gm.getByRole('button', { name: 'Next turn' }).waitFor({ state: 'visible' });
  let asked = '';
  gm.once('dialog', (d) => { asked = d.message(); d.accept(); });
  await gm.getByRole('button', { name: 'End encounter' }).click();
  const ended = /Encounter .+ has ended \(round \d+\)\. Its final state:/;
  await gm.getByText(ended).waitFor({ state: 'visible' });
  assert.match(asked, /^End the encounter .+\? Its final state and its log are kept/);
  assert.equal(await gm.getByRole('button', { name: 'Next turn' }).count(), 0, 'an ended encounter takes no turns');
  // Its final state stays on screen: the Goblin with what it had left, for the GM.
  await gm.locator('.order li[data-name="Goblin"]').getByText(/HP \d+/).waitFor({ state: 'visible' });
  await gm.locator('#enc-form').waitFor({ state: 'visible' });
  // The player sees it end live.
  await player.getByText(ended).waitFor({ state: 'visible' });
  await player.locator('.order li[data-name="Elmira"]').getByText('Elmira').waitFor({ state: 'visible' });
});

test('every request the pages made is the page, its files or a documented API operation', async () => {
  assert.ok(requests.includes('GET /me'), 'the pages called the API');
  assert.ok(requests.includes('GET /cards'), 'the spellbook read the cards');
  assert.ok(requests.some((r) => /^GET \/spells\/[^/]+\/damage$/.test(r)), 'a chart read a distribution');
  assert.deepEqual(await undocumented(BASE, requests), []);
});
