// End-to-end: a person manages their sign-in tokens on the Tokens page, in
// headless Chromium. One laptop makes a token for a phone, copies it, the
// phone signs in with it; revoked, the phone is refused. Logging out
// revokes the token in use, so the same token cannot sign in again.
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
const NAME = `tok-${Date.now().toString(36)}`;

let browser;
let laptop;
const contexts = [];
const requests = []; // every `METHOD /path` the pages sent

async function page(options = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', locale: 'en-GB', ...options });
  contexts.push(ctx);
  const p = await ctx.newPage();
  recordRequests(p, BASE, requests);
  p.setDefaultTimeout(10_000);
  p.on('pageerror', (e) => { throw new Error(`page error: ${e.message}`); });
  return p;
}

/** Signs `p` in with `token` through the login form. */
async function signIn(p, token) {
  await p.goto(BASE);
  await p.locator('#token-input').waitFor({ state: 'visible' });
  await p.fill('#token-input', token);
  await p.click('#token-form button[type=submit]');
}

/** The rows of the token list as a person reads them. */
async function rows(p) {
  return p.locator('#token-list li').allInnerTexts();
}

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  laptop = await page();
  await laptop.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
});

after(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  if (browser) await browser.close();
});

test('the Tokens page lists the token in use, and a new one is copied once', async () => {
  await laptop.goto(BASE);
  await laptop.fill('#reg-name', NAME);
  await laptop.click('#register-form button[type=submit]');
  await laptop.waitForSelector(`#who:text("${NAME}")`);
  await laptop.getByText('Account created. To sign in on another device, copy your token on the Tokens page.').waitFor({ state: 'visible' });
  await laptop.getByRole('link', { name: 'Tokens' }).click();
  // The first token, made with the account, waits there to be copied.
  const first = laptop.getByLabel('Your new token, shown only this once:');
  await first.waitFor({ state: 'visible' });
  assert.equal(await first.inputValue(), await laptop.evaluate(() => localStorage.getItem('grimoire.token')));
  await laptop.getByRole('heading', { name: 'Sign-in tokens' }).waitFor({ state: 'visible' });
  await laptop.getByText('Live tokens: 1').waitFor({ state: 'visible' });
  let list = await rows(laptop);
  assert.equal(list.length, 1);
  assert.match(list[0], /this device/);
  await laptop.getByRole('button', { name: 'New token for another device' }).click();
  const fresh = laptop.getByLabel('Your new token, shown only this once:');
  await fresh.waitFor({ state: 'visible' });
  assert.notEqual(await fresh.inputValue(), await laptop.evaluate(() => localStorage.getItem('grimoire.token')), 'a new token, not the first one');
  await laptop.getByText('Live tokens: 2').waitFor({ state: 'visible' });
  list = await rows(laptop);
  assert.equal(list.filter((r) => /this device/.test(r)).length, 1, 'only the laptop\'s token is "this device"');
  await laptop.getByRole('button', { name: 'Copy', exact: true }).click();
  await laptop.getByText('Copied. Paste it into "API token" on the other device.').waitFor({ state: 'visible' });
  const copied = await laptop.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await fresh.inputValue(), 'the clipboard holds the token shown');
  await laptop.evaluate(() => window.scrollTo(0, 0));
  await laptop.locator('#toast').waitFor({ state: 'hidden' });
  await laptop.screenshot({ path: path.join(SHOTS, 'tokens.png') });
});

test('a phone signs in with the copied token; revoked, it is refused', async () => {
  const token = await laptop.getByLabel('Your new token, shown only this once:').inputValue();
  const phone = await page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signIn(phone, token);
  await phone.waitForSelector(`#who:text("${NAME}")`);
  // The laptop revokes the phone's token: the row that is not this device.
  const other = laptop.locator('#token-list li', { hasNotText: 'this device' });
  await other.getByRole('button', { name: 'Revoke', exact: true }).click();
  await laptop.getByText('Live tokens: 1').waitFor({ state: 'visible' });
  // The phone notices by itself (its live stream ends within seconds and
  // is refused when it comes back): it is back at the login page, told why.
  await phone.locator('#token-input').waitFor({ state: 'visible' });
  await phone.getByText('You have been signed out: this token was revoked or has expired. Sign in again.').waitFor({ state: 'visible' });
  assert.equal(await phone.locator('#nav').isVisible(), false, 'no menus for a revoked token');
  // Typing the revoked token in by hand is refused as well.
  await signIn(phone, token);
  await phone.getByRole('alert').getByText('Log in first: the token is missing or wrong.').waitFor({ state: 'visible' });
  assert.equal(await phone.locator('#who').innerText(), '', 'nobody is signed in');
});

test('logging out revokes the token, in Czech too', async () => {
  await laptop.getByRole('button', { name: 'New token for another device' }).click();
  // The field shows again only once the new token is in it.
  const fresh = laptop.getByLabel('Your new token, shown only this once:');
  await fresh.waitFor({ state: 'visible' });
  const token = await fresh.inputValue();
  const other = await page({ locale: 'cs-CZ' });
  await other.addInitScript(() => localStorage.setItem('grimoire.lang', 'cs'));
  await signIn(other, token);
  await other.waitForSelector(`#who:text("${NAME}")`);
  await other.getByRole('link', { name: 'Tokeny' }).click();
  await other.getByText('Platné tokeny: 2').waitFor({ state: 'visible' });
  await other.locator('#token-list li', { hasText: 'toto zařízení' }).waitFor({ state: 'visible' });
  await other.screenshot({ path: path.join(SHOTS, 'tokens-cs.png') });
  await other.getByRole('button', { name: 'Odhlásit', exact: true }).click();
  await other.locator('#token-input').waitFor({ state: 'visible' });
  // The laptop's list no longer has it, and it does not sign in again.
  await laptop.reload();
  await laptop.getByText('Live tokens: 1').waitFor({ state: 'visible' });
  await signIn(other, token);
  await other.getByRole('alert').getByText('Nejdřív se přihlas: token chybí nebo nesedí.').waitFor({ state: 'visible' });
});

test('every request the pages made is the page, its files or a documented API operation', async () => {
  assert.ok(requests.includes('GET /me'), 'the pages called the API');
  assert.deepEqual(await undocumented(BASE, requests), []);
});
