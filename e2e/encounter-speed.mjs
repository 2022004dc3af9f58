// How soon the Encounter tab is usable on a throttled phone link (1.6
// Mbit/s down, 750 kbit/s up, 150 ms latency, through the DevTools
// protocol), for a player (the order with the Mage on screen) and the GM
// (the order and *Next turn*), each loaded RUNS times; with the bytes
// received by then. Run by hand against a server of your own (it makes two
// accounts, so not in the e2e suite, which stays under the sign-up limit):
//
//   GRIMOIRE_URL=http://127.0.0.1:PORT node encounter-speed.mjs
//
// Figures and how they compare: docs/WEB.md ("Measured in Chromium").

import { chromium } from 'playwright-core';

const BASE = process.env.GRIMOIRE_URL || 'http://127.0.0.1:8080';
const RUNS = Number(process.env.RUNS || 3);
const tag = Date.now().toString(36);
const CAMPAIGN = `speed-${tag}`;

async function api(path, token, body) {
  const res = await fetch(`${BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

// A GM and a player with a Wizard 5, in an encounter that has begun with
// the Wizard, a Mage and a Goblin.
const gm = (await api('/accounts', null, { name: `gm-${tag}` })).token;
const playerName = `pl-${tag}`;
const player = (await api('/accounts', null, { name: playerName })).token;
await api('/campaigns', gm, { id: CAMPAIGN, title: 'Speed' });
await api(`/campaigns/${CAMPAIGN}/players`, gm, { account: playerName });
await api(`/campaigns/${CAMPAIGN}/characters`, player, {
  name: 'Elmira', classes: [{ class: 'wizard', level: 5 }], abilities: { int: 16 },
  prepared: ['magic-missile', 'shield', 'fireball', 'counterspell'],
});
const E = `/campaigns/${CAMPAIGN}/encounters`;
await api(E, gm, { name: 'Crypt' });
await api(`${E}/Crypt/combatants`, gm, { name: 'Elmira', initiative: 15 });
await api(`${E}/Crypt/creatures`, gm, { name: 'Mage', monster: 'mage', initiative: 12 });
await api(`${E}/Crypt/combatants`, gm, { name: 'Goblin', initiative: 10, hp: 7 });
await api(`${E}/Crypt/start`, gm, null);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

async function once(token, gmSeat) {
  let start = Date.now();
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
  await ctx.addInitScript(([t, c]) => {
    localStorage.setItem('grimoire.token', t);
    localStorage.setItem('grimoire.campaign', c);
  }, [token, CAMPAIGN]);
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Network.enable');
  let bytes = 0;
  const sent = new Map();
  const timeline = [];
  cdp.on('Network.requestWillBeSent', (e) => { sent.set(e.requestId, { url: new URL(e.request.url).pathname, at: Date.now() }); });
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    const r = sent.get(e.requestId);
    if (r) timeline.push(`${r.at - start}-${Date.now() - start} ms ${r.url}`);
  });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8,
  });
  start = Date.now();
  await p.goto(`${BASE}/#encounter`);
  await p.locator('ol.order li[data-name="Mage"]').waitFor({ state: 'visible' });
  if (gmSeat) await p.locator('#next-turn').waitFor({ state: 'visible' });
  const ms = Date.now() - start;
  const kb = bytes / 1024;
  // TIMELINE=1 prints when each response began and ended, from the start.
  if (process.env.TIMELINE) console.log(timeline.join('\n'));
  await ctx.close();
  return { ms, kb };
}

// A first load warms the server (the fixed bodies' Brotli forms are made
// on a thread of their own after the first request).
await once(player, false);
await new Promise((r) => setTimeout(r, 6000));
for (const [who, token, gmSeat] of [['player', player, false], ['GM', gm, true]]) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await once(token, gmSeat));
  console.log(`${who}: ${runs.map((r) => `${r.ms} ms (${r.kb.toFixed(1)} KB)`).join(', ')}`);
}
await browser.close();
