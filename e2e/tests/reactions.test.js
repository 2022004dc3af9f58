// End-to-end: Reactions at the web table (R11). The GM adds a Mage from the
// bestiary and casts Fireball for it on its own turn; the player whose
// Wizard could answer sees the window and casts Counterspell from the page;
// the GM closes the window and the whole table sees what came of it.
//
// Needs a running server: GRIMOIRE_URL (default http://127.0.0.1:8080).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { recordRequests, undocumented } from './documented.js';
import { playTests } from './play.js';
import { metamagicTests } from './metamagic.js';
import { resourceTests } from './resources.js';
import { advanceTests } from './advance.js';

const BASE = process.env.GRIMOIRE_URL || 'http://127.0.0.1:8080';
const SHOTS = process.env.GRIMOIRE_SCREENSHOTS
  || path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');
const run = `r${Date.now().toString(36)}`;
const GM = `gm-${run}`;
const PLAYER = `vel-${run}`;
const CAMPAIGN = `keep-${run}`;

let browser;
let gm;
let player;
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

async function register(p, name) {
  await p.goto(BASE);
  await p.locator('#reg-name').waitFor({ state: 'visible' });
  await p.fill('#reg-name', name);
  await p.click('#register-form button[type=submit]');
  await p.waitForSelector(`#who:text("${name}")`);
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

test('a player answers the Mage\'s Fireball with Counterspell on the GM\'s turn', async () => {
  await register(player, PLAYER);
  await register(gm, GM);
  await gm.fill('#camp-id', CAMPAIGN);
  await gm.fill('#camp-title', 'The Keep');
  await gm.click('#campaign-form button[type=submit]');
  await gm.locator('#player-form').waitFor({ state: 'visible' });
  await gm.fill('#player-name', PLAYER);
  await gm.click('#player-form button[type=submit]');
  await gm.waitForSelector(`#campaign-info:has-text("${PLAYER}")`);
  await player.reload();
  await player.click(`#campaign-list button:has-text("${CAMPAIGN}")`);
  await player.locator('#character-form').waitFor({ state: 'visible' });
  await player.fill('#char-name', 'Vela');
  await player.selectOption('#char-class', 'wizard');
  await player.fill('#char-level', '5');
  await player.fill('#char-score', '16');
  await player.fill('#char-spells', 'Counterspell, Fireball');
  await player.click('#character-form button[type=submit]');
  await gm.waitForSelector('#character-list button:has-text("Vela")');

  // The GM starts an encounter: the Goblin acts first, then Vela.
  await gm.click('a[data-tab=encounter]');
  await gm.waitForSelector('#enc-form');
  const rows = gm.locator('#enc-form tbody tr');
  await rows.nth(0).locator('.enc-init').fill('5');
  // The Goblin is typed in the empty row (the bestiary has stat blocks of casters).
  await rows.nth(1).locator('.enc-name').fill('Goblin');
  await rows.nth(1).locator('.enc-init').fill('10');
  await rows.nth(1).locator('.enc-hp').fill('7');
  await gm.click('#enc-form button[type=submit]');
  await gm.waitForSelector('.order li.now[data-name="Goblin"]');
  // A Mage joins from the bestiary, after the Goblin.
  await gm.locator('#creature-add').waitFor({ state: 'visible' });
  await gm.selectOption('#ca-monster', 'mage');
  await gm.fill('#ca-name', 'Cave Mage');
  await gm.fill('#ca-init', '8');
  await gm.click('#creature-add button[type=submit]');
  await gm.waitForSelector('.order li[data-name="Cave Mage"]');
  await gm.click('#next-turn');
  await gm.waitForSelector('.order li.now[data-name="Cave Mage"]');

  // The player watches; the GM's creature forms are not theirs to see.
  await player.click('a[data-tab=encounter]');
  await player.waitForSelector('.order li.now[data-name="Cave Mage"]');
  assert.equal(await player.locator('#creature-cast').count(), 0, 'no creature casting for a player');
  assert.equal(await player.locator('#creature-add').count(), 0, 'no bestiary form for a player');

  // The Mage casts Fireball at Vela: it waits for Reactions.
  await gm.selectOption('#cc-caster', 'Cave Mage');
  await gm.fill('#cc-spell', 'Fireball');
  await gm.locator('#creature-cast').getByRole('checkbox', { name: 'Vela' }).check();
  await gm.click('#creature-cast button[type=submit]');

  // Both see the window; the player sees Vela's choices.
  const win = player.locator('#reaction-window');
  await win.getByText('Cave Mage is casting Fireball.').waitFor({ state: 'visible' });
  await win.getByText('Vela may answer').waitFor({ state: 'visible' });
  await gm.locator('#reaction-window').getByText('Cave Mage is casting Fireball.').waitFor({ state: 'visible' });
  mkdirSync(SHOTS, { recursive: true });
  await player.screenshot({ path: path.join(SHOTS, 'reaction-window.png'), fullPage: true });
  await win.getByRole('button', { name: 'Cast Counterspell' }).click();
  // 2024: the Mage's Reaction is free, so it could counter Vela's
  // Counterspell: that waits in a window of its own (issue 31). The GM
  // lets it through, and Vela's Counterspell is cast.
  await gm.locator('#reaction-window').getByText('Vela is casting Counterspell.').waitFor({ state: 'visible' });
  await gm.click('#rw-resolve');
  const seen = player.locator('#rw-outcome');
  await seen.getByText('Vela casts Counterspell (level 3)').waitFor({ state: 'visible' });
  // The card names the spell it answered, countered or not (issue 37).
  await seen.getByText(/Cave Mage's Fireball (has no effect|is not countered)/).waitFor({ state: 'visible' });
  await gm.locator('#rw-outcome').getByText('Vela casts Counterspell (level 3)').waitFor({ state: 'visible' });
  // The Mage saves or not: countered, both windows close; otherwise the
  // Fireball's window is back, the GM closes it and Fireball lands.
  if (await gm.locator('#reaction-window').getByText('Cave Mage is casting Fireball.').isVisible()) {
    await gm.click('#rw-resolve');
    await seen.getByText('Cave Mage casts Fireball (level').waitFor({ state: 'visible' });
  }
  await gm.locator('#reaction-window').waitFor({ state: 'detached' });
  await player.locator('#reaction-window').waitFor({ state: 'detached' });
  await gm.locator('#rw-outcome').waitFor({ state: 'visible' });
  assert.match(await gm.locator('#rw-outcome').innerText(), /Vela casts Counterspell|Cave Mage casts Fireball/);
  // Counterspell took Vela's Reaction and a level-3 slot.
  await player.locator('.order li[data-name="Vela"] .econ-line').getByText(/Reaction/).waitFor({ state: 'visible' });
});

// Play beyond spells (issues 34, 36, 37) with the same GM and player: a
// phone signs in with the player's token, so no account is added.
playTests({ BASE, SHOTS, GM, PLAYER, gm: () => gm, player: () => player, page });

// Metamagic in the cast dialog (issue 35), with the same GM and player.
metamagicTests({ BASE, SHOTS, GM, PLAYER, gm: () => gm, player: () => player, page });

// Class resources on the sheet (issue 33), with the same GM and player.
resourceTests({ BASE, SHOTS, GM, PLAYER, gm: () => gm, player: () => player, page });

// Levelling up on the sheet, with the same GM and player.
advanceTests({ BASE, SHOTS, GM, PLAYER, gm: () => gm, player: () => player, page });

test('every request the pages made is the page, its files or a documented API operation', async () => {
  assert.ok(requests.includes('GET /me'), 'the pages called the API');
  assert.deepEqual(await undocumented(BASE, requests), []);
});
