// End-to-end: the table log. A player casts Fireball; the GM and another
// player see its card live with every die, and it is still there after a
// reload (the server keeps it in the change log).
//
// Needs a running server: GRIMOIRE_URL (default http://127.0.0.1:8080).

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
const run = `l${Date.now().toString(36)}`;
const GM = `gm-${run}`;
const PLAYER = `ana-${run}`;
const OTHER = `bo-${run}`;
const CAMPAIGN = `hall-${run}`;

let browser;
let gm;
let player;
let other;
const contexts = [];
const requests = []; // every `METHOD /path` the pages sent

async function page() {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light', locale: 'en-GB' });
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
  other = await page();
  gm = await page();
});

after(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  if (browser) await browser.close();
});

test('the whole table sees a Fireball card with every die, live and after a reload', async () => {
  await register(player, PLAYER);
  await register(other, OTHER);
  await register(gm, GM);
  await gm.fill('#camp-id', CAMPAIGN);
  await gm.fill('#camp-title', 'The Hall');
  await gm.click('#campaign-form button[type=submit]');
  for (const name of [PLAYER, OTHER]) {
    await gm.locator('#player-form').waitFor({ state: 'visible' });
    await gm.fill('#player-name', name);
    await gm.click('#player-form button[type=submit]');
    await gm.waitForSelector(`#campaign-info:has-text("${name}")`);
  }
  for (const p of [player, other]) {
    await p.reload();
    // The only campaign opens by itself.
    await p.waitForSelector(`#campaign-list button:has-text("${CAMPAIGN}")`);
    await p.locator('#live').waitFor({ state: 'visible' });
  }
  // The GM and the other player watch the log.
  for (const p of [gm, other]) {
    await p.click('a[data-tab=log]');
    await p.getByText('No casts yet.').waitFor({ state: 'visible' });
  }
  await player.fill('#char-name', 'Quill');
  await player.selectOption('#char-class', 'wizard');
  await player.fill('#char-level', '5');
  await player.fill('#char-score', '16');
  await player.fill('#char-spells', 'Fireball');
  await player.click('#character-form button[type=submit]');
  await player.click('#character-list button:has-text("Quill")');
  await player.getByRole('button', { name: 'Cast Fireball' }).click();
  await player.fill('#cast-targets', 'Ogre, Troll');
  await player.click('#cast-go');
  await player.locator('#cast-result').getByText('Fireball cast at level 3.').waitFor({ state: 'visible' });
  await player.click('#cast-close');
  // What if? Before the turn ends, Fireball is blocked (R10), so the
  // plan is empty; the form still reads the target.
  await player.fill('#plan-target', 'ac=12,hp=20,dex=+1');
  await player.click('#plan-form button[type=submit]');
  await player.getByText('No damaging or healing spell can be cast now.').waitFor({ state: 'visible' });
  // What can Quill cast now? Nothing: the turn's slot is spent (R10).
  await player.click('#options-ask');
  const blocked = player.locator('#options-blocked li').filter({ hasText: 'Fireball' });
  await blocked.waitFor({ state: 'visible' });
  assert.match(await blocked.innerText(), /R10/);
  await player.getByText('Nothing right now.').waitFor({ state: 'visible' });
  // A new turn: the plan ranks Fireball with its exact numbers.
  await player.click('#end-turn');
  await player.getByText('Turn ended.').waitFor({ state: 'visible' });
  await player.fill('#plan-target', 'ac=12,hp=20,dex=+1');
  await player.click('#plan-form button[type=submit]');
  const row = player.locator('#plan-table tbody tr[data-spell="fireball"]');
  await row.waitFor({ state: 'visible' });
  // DC 14 against Dexterity +1: fails on 12 or less, 60 %.
  assert.match(await row.innerText(), /slot 3\t[0-9.]+\t\d+–48\t–\t60 %/);
  await player.locator('#plan-h').scrollIntoViewIfNeeded();
  await player.screenshot({ path: path.join(SHOTS, 'plan.png') });

  // Live, on the other screens: the card with its eight fire dice.
  for (const p of [gm, other]) {
    const card = p.locator('.log-card').filter({ hasText: 'Quill casts Fireball' });
    await card.waitFor({ state: 'visible' });
    await card.getByText('level 3 · slot 3').waitFor({ state: 'visible' });
    const dice = card.locator('.rolls li').filter({ hasText: '8d6' }).locator('.die');
    assert.equal(await dice.count(), 8, 'every die of 8d6 is shown');
    for (const target of ['Ogre', 'Troll']) await card.locator('.targets li').filter({ hasText: target }).waitFor({ state: 'visible' });
  }
  await other.screenshot({ path: path.join(SHOTS, 'table-log.png'), fullPage: true });

  // Kept: a reload reads it back from the server, in Czech too.
  await other.reload();
  await other.locator('#live').waitFor({ state: 'visible' });
  await other.click('a[data-tab=log]');
  await other.locator('.log-card').filter({ hasText: 'Quill casts Fireball' }).waitFor({ state: 'visible' });
  await other.selectOption('#lang', 'cs');
  const csCard = other.locator('.log-card').filter({ hasText: 'Quill sesílá Ohnivá koule' });
  await csCard.waitFor({ state: 'visible' });
  // Its rolls are labelled in Czech too: the server sends what each roll
  // was for as data, and no English is left to parse back.
  await csCard.locator('.rolls li').filter({ hasText: 'ohnivé zranění (8d6)' }).waitFor({ state: 'visible' });
  assert.equal(await csCard.locator('.rolls li').filter({ hasText: /damage|save/ }).count(), 0, 'no English roll label');
  await other.screenshot({ path: path.join(SHOTS, 'table-log-cs.png'), fullPage: true });
  // On a phone the card still shows every die without sideways scrolling.
  await other.setViewportSize({ width: 390, height: 844 });
  const wide = await other.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `no sideways scrolling on a phone (${wide} px)`);
  await other.screenshot({ path: path.join(SHOTS, 'phone-log-cs.png') });
  await other.setViewportSize({ width: 1280, height: 900 });
  await other.selectOption('#lang', 'en');
});

test('the compact spell list compares spells at a glance with the caster\'s numbers', async () => {
  await player.click('a[data-tab=spells]');
  await player.selectOption('#f-view', 'list');
  await player.fill('#q', 'fireball');
  const row = player.locator('#spell-table tbody tr[data-spell="fireball"]');
  await row.waitFor({ state: 'visible' });
  const text = await row.innerText();
  // Quill (Wizard 5, Intelligence 16): save DC 14; Fireball is 8d6 fire at level 3.
  assert.match(text, /Fireball/);
  assert.match(text, /\b3\b/);
  assert.match(text, /DC 14 Dexterity ½/);
  assert.match(text, /8d6 fire/);
  await player.fill('#q', '');
  await player.locator('#spell-table tbody tr').nth(20).waitFor({ state: 'visible' });
  await player.screenshot({ path: path.join(SHOTS, 'spell-list.png') });
  // The name opens the spell's card.
  await player.fill('#q', 'fire bolt');
  // A cantrip at Quill's tier (level 5): 2d10.
  assert.match(await player.locator('#spell-table tbody tr[data-spell="fire-bolt"]').innerText(), /to hit \+6\t2d10 fire/);
  await player.locator('#spell-table').getByRole('button', { name: 'Fire Bolt' }).click();
  await player.locator('article.spell[data-spell="fire-bolt"]').waitFor({ state: 'visible' });
});

test('house rules: the GM relaxes R10, everyone sees it, and the cast it lets pass says so', async () => {
  // A second slot in one turn is refused as written (R10).
  await player.click('a[data-tab=table]');
  await player.fill('#char-name', 'Wren');
  await player.selectOption('#char-class', 'wizard');
  await player.fill('#char-level', '5');
  await player.fill('#char-score', '16');
  await player.fill('#char-spells', 'Magic Missile, Misty Step');
  await player.click('#character-form button[type=submit]');
  await player.click('#character-list button:has-text("Wren")');
  await player.getByRole('button', { name: 'Cast Magic Missile' }).click();
  await player.fill('#cast-targets', 'Goblin');
  await player.click('#cast-go');
  await player.locator('#cast-result').getByText('Magic Missile cast at level 1.').waitFor({ state: 'visible' });
  await player.click('#cast-close');
  // Misty Step with the Bonus Action would spend a second slot.
  const castStep = async () => {
    await player.getByRole('button', { name: 'Cast Misty Step' }).click();
    await player.click('#cast-go');
  };
  await castStep();
  const refusal = player.locator('#cast-result .refusal');
  await refusal.waitFor({ state: 'visible' });
  assert.match(await refusal.innerText(), /R10/);
  await player.click('#cast-close');

  // The GM relaxes R10; players see it on the Table tab, live.
  await gm.click('a[data-tab=table]');
  await gm.locator('#house-rules').getByText('None: every rule is played as written.').waitFor({ state: 'visible' });
  await gm.getByLabel('R10: more than one spell slot in a turn').check();
  await gm.click('#house-rules-form button[type=submit]');
  await gm.getByText('Saved. Everyone at the table sees them.').waitFor({ state: 'visible' });
  await other.click('a[data-tab=table]');
  await other.locator('#house-rules-now').getByText('R10 relaxed:').waitFor({ state: 'visible' });
  assert.equal(await other.locator('#house-rules-form').count(), 0, 'only the GM may change them');
  await gm.locator('#house-rules').scrollIntoViewIfNeeded();
  await gm.screenshot({ path: path.join(SHOTS, 'house-rules.png') });

  // The same cast now goes ahead, with the warning, for the caster and in the log.
  await castStep();
  const done = player.locator('#cast-result');
  await done.getByText('Misty Step cast at level 2.').waitFor({ state: 'visible' });
  await done.getByText('House rule (R10 relaxed):').waitFor({ state: 'visible' });
  await player.click('#cast-close');
  await gm.click('a[data-tab=log]');
  const card = gm.locator('.log-card').filter({ hasText: 'Wren casts Misty Step' }).first();
  await card.getByText('House rule (R10 relaxed):').waitFor({ state: 'visible' });

  // As written again.
  await gm.click('a[data-tab=table]');
  await gm.getByLabel('R10: more than one spell slot in a turn').uncheck();
  await gm.click('#house-rules-form button[type=submit]');
  await other.locator('#house-rules-now').getByText('None: every rule is played as written.').waitFor({ state: 'visible' });
});

test('every request the pages made is the page, its files or a documented API operation', async () => {
  assert.ok(requests.includes('GET /me'), 'the pages called the API');
  assert.deepEqual(await undocumented(BASE, requests), []);
});
