// End-to-end: a tab whose token is revoked elsewhere (issue 30, finding 5).
// The tab used to retry its live stream every 1.5 s with the dead token,
// forever, and 20 wrong tokens a minute locked its whole address out (a
// home network, a game store's Wi-Fi). Now its streams end, it shows the
// login page with the reason, and it stops asking. Other failures are
// retried with a doubling, jittered wait.
//
// Needs a running server: GRIMOIRE_URL (default http://127.0.0.1:8080).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const BASE = process.env.GRIMOIRE_URL || 'http://127.0.0.1:8080';
const NAME = `stale-${Date.now().toString(36)}`;
const CAMPAIGN = `stale-${Date.now().toString(36)}`;

let browser;
let token;

/** Calls the API from outside the browser (another device). */
async function api(method, path, body) {
  const headers = { Authorization: `Bearer ${token}` };
  if (body) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${BASE}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return res.status;
}

before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const res = await fetch(`${BASE}/accounts`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: NAME }),
  });
  assert.equal(res.status, 201);
  token = (await res.json()).token;
  assert.equal(await api('POST', '/campaigns', { id: CAMPAIGN, title: 'Stale Tab' }), 201);
});

after(async () => { if (browser) await browser.close(); });

test('a tab whose token is revoked elsewhere signs out, says why, and stops asking', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  await ctx.addInitScript((t) => localStorage.setItem('grimoire.token', t), token);
  const p = await ctx.newPage();
  p.setDefaultTimeout(15_000);
  p.on('pageerror', (e) => { throw new Error(`page error: ${e.message}`); });
  const sent = []; // [time, `METHOD /path`, whether it carried the token]
  p.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin !== new URL(BASE).origin) return;
    sent.push([Date.now(), `${r.method()} ${url.pathname}`, r.headers().authorization === `Bearer ${token}`]);
  });
  await p.goto(BASE);
  await p.waitForSelector(`#who:text("${NAME}")`);
  // Both streams are open: the account's news and the campaign's.
  await p.locator('#live').waitFor({ state: 'visible' });
  assert.ok(sent.some(([, r]) => r === 'GET /me/events'));
  assert.ok(sent.some(([, r]) => r === `GET /campaigns/${CAMPAIGN}/events`));

  // Logged out on another device: the token is revoked.
  assert.equal(await api('DELETE', '/me/tokens/current'), 204);
  const message = p.getByText('You have been signed out: this token was revoked or has expired. Sign in again.');
  await message.waitFor({ state: 'visible' });
  await p.locator('#token-input').waitFor({ state: 'visible' });
  assert.equal(await p.locator('#nav').isVisible(), false, 'no menus without a token');
  assert.equal(await p.locator('#who').innerText(), '', 'nobody is signed in');
  assert.equal(await p.evaluate(() => localStorage.getItem('grimoire.token')), null, 'the dead token is forgotten');

  // And it stops asking: nothing at all in the next 5 s (the old tab sent
  // its dead token every 1.5 s, for ever).
  const quiet = Date.now();
  await p.waitForTimeout(5000);
  const after = sent.filter(([at]) => at >= quiet).map(([, r]) => r);
  assert.deepEqual(after, [], 'requests after signing out');
  const withDeadToken = sent.filter(([, r, dead]) => dead && r.endsWith('/events'));
  assert.ok(withDeadToken.length <= 6, `stream requests with the token: ${withDeadToken.length}`);
  await message.waitFor({ state: 'visible' });
  await ctx.close();
});

test('other failures are retried after a doubling wait with jitter, capped at 30 s', async () => {
  const ctx = await browser.newContext();
  const p = await ctx.newPage();
  await p.goto(BASE);
  const waits = await p.evaluate(async () => {
    const { retryDelay } = await import('/web/api.js');
    const out = [];
    for (let n = 0; n < 12; n += 1) {
      const seen = Array.from({ length: 200 }, () => retryDelay(n));
      out.push([Math.min(...seen), Math.max(...seen)]);
    }
    return { out, retryAfter: retryDelay(0, 60) };
  });
  for (const [n, [low, high]] of waits.out.entries()) {
    const ceiling = Math.min(30_000, 1500 * 2 ** n);
    assert.ok(low >= ceiling / 2 && high <= ceiling, `wait ${n}: ${low}-${high}, ceiling ${ceiling}`);
    assert.ok(high - low > ceiling / 10, `wait ${n} is spread: ${low}-${high}`);
  }
  assert.equal(waits.retryAfter, 60_000, 'never sooner than Retry-After');
  await ctx.close();
});
