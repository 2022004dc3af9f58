// End-to-end: play beyond spells at the web table (issues 34, 36, 37),
// run inside reactions.test.js with its GM and player (no accounts of
// its own: the server allows ten sign-ups an hour from one address, and
// the suite's fixtures use them all). The player, on a phone (390×844)
// signed in with the same token, attacks with a paladin's longsword and
// sees the attack card (no creature hit points or AC), the whole table
// sees it in the log; the GM's party Short Rest offers the Hit Dice that
// heal and spends the ones the GM chose, in one request; Exhaustion's
// chip on the phone gains a level and says its cost; at 0 hit points
// the death-save track shows on the phone and the GM's screen alike, live,
// through Stable and Dead; sheets come in by file picker and drag and
// drop; the server's rolls get log cards, the player is alerted to react
// wherever they are, an undone cast is marked; the GM's screen keeps the
// order in view beside the forms at 1280×800.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

let BASE;
let SHOTS;
let GM;
let PLAYER;
let CAMPAIGN;
let gm;
let phone;

/** No sideways scrolling: the page is as wide as the phone. */
async function fitsWidth(p) {
  const wide = await p.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `no sideways scrolling on a phone (${wide} px)`);
}

/** The GM deals `n` damage to `name` from the encounter's order and
 *  waits until the row shows it (a live redraw may replace the form
 *  between typing and clicking: then it tries again). */
async function damage(name, n) {
  const row = gm.locator(`.order li[data-name="${name}"]`);
  await quiet(gm);
  const before = await row.innerText();
  for (let i = 0; i < 3; i += 1) {
    await row.locator('input.dmg').fill(String(n));
    await row.getByRole('button', { name: 'Damage' }).click();
    try {
      await gm.waitForFunction(({ sel, was }) => {
        const el = document.querySelector(sel);
        return el && el.innerText !== was;
      }, { sel: `.order li[data-name="${name}"]`, was: before }, { timeout: 3000 });
      return;
    } catch { /* redrawn before the click: again */ }
  }
  throw new Error(`the GM could not deal ${n} damage to ${name}`);
}

/** Waits until nothing under `sel` has changed for 600 ms: the live
 *  redraws after an action are over, so a form filled now stays. */
async function quiet(p, sel = '#encounter') {
  await p.evaluate((s) => new Promise((done) => {
    const el = document.querySelector(s);
    let timer = setTimeout(stop, 600);
    const seen = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(stop, 600); });
    function stop() { seen.disconnect(); done(); }
    seen.observe(el, { subtree: true, childList: true });
  }), sel);
}

/** The death-save counts a track shows, read from its words. */
async function counts(track) {
  const text = await track.innerText();
  const s = /Successes: (\d) of 3/.exec(text);
  const f = /Failures: (\d) of 3/.exec(text);
  return { successes: Number(s[1]), failures: Number(f[1]) };
}

/**
 * Registers the play tests, to run after the host spec's own: `t` gives
 * the server (`BASE`), where screenshots go (`SHOTS`), the GM's and the
 * player's account names, their pages (`gm()`, `player()`, already signed
 * in) and `page(options)` for a new page that records its requests.
 */
export function playTests(t) {
  ({ BASE, SHOTS, GM, PLAYER } = t);
  CAMPAIGN = `ford-${Date.now().toString(36)}`;
  test('a paladin on a phone attacks with a longsword and the table sees the card', async () => {
    gm = t.gm();
    await gm.click('a[data-tab=table]');
    // The player's phone signs in with the token the player's laptop holds.
    const token = await t.player().evaluate(() => localStorage.getItem('grimoire.token'));
    phone = await t.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.addInitScript((tok) => localStorage.setItem('grimoire.token', tok), token);
    await phone.goto(BASE);
    await phone.waitForSelector(`#who:text("${PLAYER}")`);
    // The campaign id's pattern is a valid one, so the browser checks it (issue 37).
    await gm.fill('#camp-id', 'Not An Id');
    assert.equal(await gm.$eval('#camp-id', (el) => el.validity.patternMismatch), true, 'the id pattern is checked');
    await gm.fill('#camp-id', CAMPAIGN);
    assert.equal(await gm.$eval('#camp-id', (el) => el.validity.valid), true);
    await gm.fill('#camp-title', 'The Ford');
    await gm.click('#campaign-form button[type=submit]');
    await gm.locator('#player-form').waitFor({ state: 'visible' });
    await gm.fill('#player-name', PLAYER);
    await gm.click('#player-form button[type=submit]');
    await gm.waitForSelector(`#campaign-info:has-text("${PLAYER}")`);
    await phone.waitForSelector(`#campaign-list button:has-text("${CAMPAIGN}")`);
    await phone.click(`#campaign-list button:has-text("${CAMPAIGN}")`);
    await phone.locator('#character-form').waitFor({ state: 'visible' });
    await phone.fill('#char-name', 'Ardent');
    await phone.selectOption('#char-class', 'paladin');
    await phone.fill('#char-level', '5');
    await phone.fill('#char-score', '16');
    await phone.fill('#char-spells', 'Divine Favor, Searing Smite');
    await phone.click('#character-form button[type=submit]');
    await phone.click('#character-list button:has-text("Ardent")');

    // The sheet says no hit points are recorded; the owner sets them.
    const vitals = phone.locator('#vitals');
    await vitals.getByText('No hit points recorded yet.').waitFor({ state: 'visible' });
    await quiet(phone, '#sheet');
    await phone.fill('#hp-max', '44');
    await phone.fill('#hp-ac', '18');
    await phone.click('#hp-form button[type=submit]');
    await vitals.getByText('44 / 44 HP').waitFor({ state: 'visible' });
    await vitals.getByText('AC 18').waitFor({ state: 'visible' });
    await vitals.getByText('Hit Dice left: 5d10').waitFor({ state: 'visible' });
    // No weapon yet: the attack card says where to add one.
    await phone.locator('#attack-card').getByText('No weapons carried yet').waitFor({ state: 'visible' });
    await quiet(phone, '#sheet');
    await phone.fill('#eq-weapons', 'longsword, Oštěp');
    await phone.click('#equip-form button[type=submit]');
    await phone.locator('#attack-weapon').waitFor({ state: 'visible' });
    assert.deepEqual(await phone.locator('#attack-weapon option').allInnerTexts(), ['Longsword', 'Javelin']);

    // The GM runs an encounter: Ardent first, then a Mage picked from the
    // bestiary in the set-up (issue 37), then a Goblin typed by hand.
    await gm.click('a[data-tab=encounter]');
    await gm.waitForSelector('#enc-form');
    await quiet(gm);
    const rows = gm.locator('#enc-form tbody tr');
    await rows.nth(0).locator('.enc-init').fill('15');
    await rows.nth(1).locator('.enc-name').fill('Goblin');
    await rows.nth(1).locator('.enc-init').fill('3');
    await rows.nth(1).locator('.enc-hp').fill('7');
    await gm.selectOption('#es-monster', 'mage');
    await gm.fill('#es-name', 'River Mage');
    await gm.fill('#es-init', '8');
    await gm.click('#es-add');
    await gm.locator('#es-picks').getByText('River Mage (Mage) · Initiative 8').waitFor({ state: 'visible' });
    await gm.click('#enc-form button[type=submit]');
    await gm.waitForSelector('.order li.now[data-name="Ardent"]');
    await gm.waitForSelector('.order li[data-name="River Mage"]');
    assert.deepEqual(await gm.locator('.order > li').evaluateAll((els) => els.map((e) => e.dataset.name)),
      ['Ardent', 'River Mage', 'Goblin'], 'the picked Mage in initiative order');

    // The player attacks the Mage with the longsword, from the phone.
    await phone.reload();
    await phone.click('a[data-tab=sheet]');
    await phone.selectOption('#attack-target', 'River Mage');
    await phone.locator('#attack-go').scrollIntoViewIfNeeded();
    await phone.click('#attack-go');
    const card = phone.locator('#attack-out .attack-result');
    await card.getByText('Ardent attacks River Mage with Longsword').waitFor({ state: 'visible' });
    const said = await card.innerText();
    assert.match(said, /(Hit|Miss|Critical hit): \d+/, 'the verdict with the attack total');
    assert.match(said, /\+\d+ to hit/, 'the attack bonus');
    assert.match(said, /attack vs River Mage \(1d20[+-]\d+\)/, 'the d20 with its bonus');
    // A player sees no creature's hit points or Armor Class.
    assert.doesNotMatch(said, /HP left|AC \d/, 'no creature numbers for a player');
    if (/Hit|Critical/.test(said)) {
      assert.match(said, /\d+ damage \(\d+ slashing/, 'the damage by type');
      // A hit lets Ardent smite now: the button opens the cast dialog with
      // the target ticked and the trigger named.
      await card.getByRole('button', { name: 'Cast Searing Smite' }).click();
      await phone.locator('#cast-h').getByText('Searing Smite').waitFor({ state: 'visible' });
      assert.equal(await phone.inputValue('#cast-trigger'), 'I hit River Mage with a weapon');
      assert.equal(await phone.locator('#cast-pick-list').getByRole('checkbox', { name: 'River Mage' }).isChecked(), true);
      await phone.click('#cast-close');
    } else {
      assert.equal(await card.getByRole('button', { name: 'Cast Searing Smite' }).count(), 0, 'no smite after a miss');
    }
    await fitsWidth(phone);
    await phone.locator('#attack-card').evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await phone.screenshot({ path: path.join(SHOTS, 'attack-card-phone.png') });

    // The whole table sees it in the log, live.
    await gm.click('a[data-tab=log]');
    const logged = gm.locator('#table-log .attack-card').first();
    await logged.getByText('Ardent attacks River Mage with Longsword').waitFor({ state: 'visible' });
    await phone.click('a[data-tab=log]');
    await phone.locator('#table-log .attack-card').first().getByText('Ardent attacks River Mage with Longsword').waitFor({ state: 'visible' });
    assert.doesNotMatch(await phone.locator('#table-log .attack-card').first().innerText(), /HP left/);
    // After a reload it is still there, from the server's log.
    await gm.reload();
    await gm.locator('#table-log .attack-card').first().getByText('Ardent attacks River Mage with Longsword').waitFor({ state: 'visible' });
  });

  test('the GM\'s screen keeps the order in view at 1280×800 and deals damage from a row; the phone sees no creature numbers (issue 37)', async () => {
    await gm.setViewportSize({ width: 1280, height: 800 });
    try {
      await gm.click('a[data-tab=encounter]');
      await gm.locator('#creature-add').waitFor({ state: 'visible' });
      await quiet(gm);
      // The order sits beside the creature forms, in view, and stays there
      // when the GM scrolls down to the last form.
      const inView = async () => {
        const box = await gm.locator('.order').boundingBox();
        return box && box.y >= 0 && box.y + 40 <= 800 && box.x < 640;
      };
      assert.ok(await inView(), 'the order is in the viewport beside the forms');
      const form = await gm.locator('#creature-add').boundingBox();
      assert.ok(form.x >= 600, 'the forms are in the right-hand column');
      await gm.locator('#creature-add').scrollIntoViewIfNeeded();
      await gm.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      assert.ok(await inView(), 'the order stays in view (sticky) with the forms scrolled');
      const next = await gm.locator('#next-turn').boundingBox();
      assert.ok(next && next.y >= 56 && next.y + next.height <= 800, 'Next turn stays in view, below the header');
      const top = await gm.locator('.order').boundingBox();
      assert.ok(top.y >= next.y + next.height, 'the order is not under the round line');
      await gm.locator('#eff-h').waitFor({ state: 'visible' });
      await gm.screenshot({ path: path.join(SHOTS, 'gm-screen.png') });

      // The Mage's hit points at a glance, and one click deals 5 damage.
      const row = gm.locator('.order li[data-name="River Mage"]');
      const glance = row.locator('.hp-glance');
      const before = await glance.innerText();
      const m = /HP (\d+) \/ (\d+)/.exec(before);
      assert.ok(m, `current and maximum hit points shown (${before})`);
      assert.match(before, /AC \d+/, 'and the Armor Class');
      await row.getByRole('button', { name: 'Hit River Mage for 5' }).click();
      await row.locator('.hp-glance').getByText(`HP ${Math.max(0, Number(m[1]) - 5)} / ${m[2]}`).waitFor({ state: 'visible' });

      // A condition in one step on a character's row, and off again.
      const ardent = gm.locator('.order li[data-name="Ardent"]');
      await quiet(gm);
      await ardent.locator('select.cond-add').selectOption('frightened');
      const badge = gm.locator('.order li[data-name="Ardent"]').getByRole('button', { name: 'Remove Frightened' });
      await badge.waitFor({ state: 'visible' });
      await quiet(gm);
      await badge.click();
      await badge.waitFor({ state: 'detached' });

      // The Mage's uses per day at a glance in its row, in view (issue 37),
      // measured once the live redraws after the last click are over.
      const uses = gm.locator('.order li[data-name="River Mage"] .uses-line');
      await uses.getByText('Protective Magic').waitFor({ state: 'visible' });
      await quiet(gm);
      assert.match(await uses.innerText(), /Protective Magic 3\/3 · Long Rest/, 'left of how many, and when they come back');
      assert.match(await uses.innerText(), /2\/Day Each.* 2\/2/, 'each use of the stat block');
      const usesBox = await uses.boundingBox();
      assert.ok(usesBox && usesBox.y >= 0 && usesBox.y + usesBox.height <= 800, 'the uses are in view at 1280×800');
      // A condition on the Mage in one click, which every seat sees.
      await quiet(gm);
      await gm.locator('.order li[data-name="River Mage"] select.cond-add').selectOption('prone');
      const prone = gm.locator('.order li[data-name="River Mage"]').getByRole('button', { name: 'Remove Prone' });
      await prone.waitFor({ state: 'visible' });

      // The player's phone: the Mage's row, no numbers, no GM buttons, one column.
      await phone.click('a[data-tab=encounter]');
      const seen = phone.locator('.order li[data-name="River Mage"]');
      await seen.waitFor({ state: 'visible' });
      await seen.locator('.badge').getByText('Prone').waitFor({ state: 'visible' });
      const text = await seen.innerText();
      assert.doesNotMatch(text, /HP|AC \d|\d+ \/ \d+/, `no creature numbers for a player (${text})`);
      assert.equal(await seen.locator('.hp-glance, .quick-dmg, select.cond-add, .uses-line, .cond-x').count(), 0, 'no GM controls, no uses');
      await fitsWidth(phone);
      // The GM takes it off with one click: gone from the phone too, live.
      await quiet(gm);
      await prone.click();
      await prone.waitFor({ state: 'detached' });
      await seen.locator('.badge').getByText('Prone').waitFor({ state: 'detached' });
    } finally {
      await gm.setViewportSize({ width: 1280, height: 900 });
    }
  });

  test('the GM\'s party Short Rest offers the Hit Dice that heal and spends the ones chosen, in one change', async () => {
    await gm.click('a[data-tab=encounter]');
    await damage('Ardent', 20);
    await phone.click('a[data-tab=sheet]');
    await phone.locator('#vitals').getByText('24 / 44 HP').waitFor({ state: 'visible' });

    await gm.click('a[data-tab=table]');
    await gm.click('#rest-short');
    const dice = gm.locator('#rest-dice input[data-name="Ardent"]');
    await gm.locator('#rest-dice').getByText('Ardent: d10 (5 left)').waitFor({ state: 'visible' });
    // 20 missing, a d10 with no Constitution bonus gives 6 on average: the
    // dice until their averages cover it are 4, as the server counts them.
    assert.equal(await dice.inputValue(), '4');
    // The GM asks Ardent for three instead: the party still rests in one
    // request (one change), naming Ardent's own dice.
    await dice.fill('3');
    const rests = [];
    const seen = (r) => { if (r.method() === 'POST' && /\/rests$/.test(r.url())) rests.push(new URL(r.url()).pathname); };
    gm.on('request', seen);
    await gm.click('#rest-go');
    const done = gm.locator('#rest-out');
    await done.getByText('The party took a Short Rest.').waitFor({ state: 'visible' });
    gm.off('request', seen);
    assert.deepEqual(rests, [`/campaigns/${CAMPAIGN}/rests`], 'one party rest, not one rest a character');
    assert.match(await done.locator('li[data-name="Ardent"]').innerText(), /Ardent: \d+ \/ 44 HP · spent d10, d10, d10, regained \d+ HP/);
    // The player's phone shows the dice spent, live.
    await phone.locator('#vitals').getByText('Hit Dice left: 2d10').waitFor({ state: 'visible' });
    // Exhaustion comes in levels (2024): added again on the phone's sheet it
    // gains one, and its chip says what it takes as the server counts it.
    const tired = (hasText) => phone.locator('li.chip[data-condition="exhaustion"]', hasText ? { hasText } : {});
    await phone.locator('#cond-add').selectOption('exhaustion');
    await tired('Exhaustion 1 · −2 on d20 Tests, −5 ft Speed').waitFor({ state: 'visible' });
    await phone.locator('#cond-add').selectOption('exhaustion');
    await tired('Exhaustion 2 · −4 on d20 Tests, −10 ft Speed').waitFor({ state: 'visible' });
    await fitsWidth(phone);
    await tired().getByRole('button').click();
    await tired().waitFor({ state: 'detached' });
    // A player has no party rest.
    await phone.click('a[data-tab=table]');
    await phone.locator('#import-card').waitFor({ state: 'visible' });
    assert.equal(await phone.locator('#party-rest').count(), 0, 'no party rest for a player');
  });

  test('at 0 hit points the death-save track shows on every seat, through Stable and Dead', async () => {
    await gm.click('a[data-tab=encounter]');
    const row = gm.locator('.order li[data-name="Ardent"]');
    await damage('Ardent', 60);
    const gmTrack = row.locator('.death-track');
    await gmTrack.getByText('Dying').waitFor({ state: 'visible' });

    await phone.click('a[data-tab=sheet]');
    const track = phone.locator('#vitals .death-track');
    await track.getByText('Dying').waitFor({ state: 'visible' });
    await track.getByText('Successes: 0 of 3').waitFor({ state: 'visible' });
    await track.getByText('Failures: 0 of 3').waitFor({ state: 'visible' });
    await fitsWidth(phone);
    await phone.locator('#vitals').evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await phone.screenshot({ path: path.join(SHOTS, 'death-track-phone.png') });

    // The owner rolls: the sentence, and the same counts on the GM's screen.
    await track.getByRole('button', { name: 'Roll death save' }).click();
    const sentence = phone.locator('#vitals .death-result');
    await sentence.getByText(/Ardent rolls a death save: \d+, /).waitFor({ state: 'visible' });
    const revived = /back with 1 hit point/.test(await sentence.innerText());
    if (revived) {
      // A 20: back on their feet; the GM drops Ardent again.
      await phone.locator('#vitals').getByText('1 / 44 HP').waitFor({ state: 'visible' });
      await damage('Ardent', 5);
      await track.getByText('Dying').waitFor({ state: 'visible' });
    }
    const mine = await counts(track);
    await gm.waitForFunction(({ s, f }) => {
      const el = document.querySelector('.order li[data-name="Ardent"] .death-track');
      return el && el.innerText.includes(`Successes: ${s} of 3`) && el.innerText.includes(`Failures: ${f} of 3`);
    }, { s: mine.successes, f: mine.failures });

    // Stabilized: Stable for everyone, and no more rolling.
    await track.getByRole('button', { name: 'Stabilize' }).click();
    await track.getByText('Stable', { exact: true }).waitFor({ state: 'visible' });
    await gmTrack.getByText('Stable', { exact: true }).waitFor({ state: 'visible' });
    assert.equal(await track.getByRole('button', { name: 'Roll death save' }).count(), 0, 'a Stable character does not roll');

    // Damage at 0 is a failure each time: three and Ardent is dead.
    for (let i = 0; i < 3 && !(await gmTrack.getByText('Dead', { exact: true }).isVisible()); i += 1) {
      await damage('Ardent', 1);
    }
    await gmTrack.getByText('Dead', { exact: true }).waitFor({ state: 'visible' });
    await track.getByText('Dead', { exact: true }).waitFor({ state: 'visible' });
    await track.getByText('Failures: 3 of 3').waitFor({ state: 'visible' });
    assert.equal(await track.getByRole('button', { name: 'Roll death save' }).count(), 0, 'the dead do not roll');

    // In Czech the track keeps its meaning.
    await phone.selectOption('#lang', 'cs');
    await phone.locator('#vitals .death-track').getByText('Mrtvý', { exact: true }).waitFor({ state: 'visible' });
    await phone.locator('#vitals .death-track').getByText('Neúspěchy: 3 ze 3').waitFor({ state: 'visible' });
    await phone.selectOption('#lang', 'en');
  });

  test('a sheet comes to the table by file picker on a phone and by drag and drop for the GM, with its report', async () => {
    const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'crates', 'import', 'tests', 'fixtures');
    // The player's phone: the file picker, a Foundry VTT actor into their own seat.
    await phone.click('a[data-tab=table]');
    await phone.locator('#import-card').getByText('Drop a Foundry VTT or D&D Beyond sheet').waitFor({ state: 'visible' });
    assert.equal(await phone.locator('#import-owner').count(), 0, 'a player imports only into their own seat');
    await phone.setInputFiles('#import-file', path.join(fixtures, 'foundry', 'akra-1.json'));
    const report = phone.locator('#import-report');
    await report.getByText('Akra joined the table.').waitFor({ state: 'visible' });
    assert.match(await report.innerText(), /Mapped \(\d+\)/);
    assert.match(await report.innerText(), /Skipped \(\d+\)/);
    // The skipped lines open by themselves: each says what became of it.
    await phone.locator('#import-skipped').getByText('Breath Weapon').waitFor({ state: 'visible' });
    assert.match(await phone.locator('#import-skipped li', { hasText: 'Breath Weapon' }).innerText(), /feature: not modelled, skipped/);
    // The armour she wears counts in her Armor Class, in words.
    await phone.locator('#import-mapped summary').click();
    await phone.locator('#import-mapped li', { hasText: 'Chain Shirt' }).getByText('worn: counted in the Armor Class').waitFor({ state: 'visible' });
    await fitsWidth(phone);
    await phone.locator('#import-card').evaluate((e) => {
      e.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -document.querySelector('header.top').offsetHeight - 8);
    });
    await phone.screenshot({ path: path.join(SHOTS, 'import-phone.png') });
    await gm.click('a[data-tab=table]');
    await gm.waitForSelector('#character-list button:has-text("Akra")');
    assert.match(await gm.locator('#character-list li', { hasText: 'Akra' }).innerText(), new RegExp(`played by ${PLAYER}`));

    // The GM drops a D&D Beyond character on the card, for the player.
    await gm.fill('#import-owner', PLAYER);
    const sheet = readFileSync(path.join(fixtures, 'ddb', 'ilvara-cleric-5.json'), 'utf8');
    const drop = async (name, text) => {
      const dt = await gm.evaluateHandle(([n, body]) => {
        const d = new DataTransfer();
        d.items.add(new File([body], n, { type: 'application/json' }));
        return d;
      }, [name, text]);
      await gm.dispatchEvent('#import-drop', 'dragover', { dataTransfer: dt });
      await gm.dispatchEvent('#import-drop', 'drop', { dataTransfer: dt });
    };
    await drop('ilvara.json', sheet);
    const gmReport = gm.locator('#import-report');
    await gmReport.getByText('Ilvara Dawnmantle joined the table.').waitFor({ state: 'visible' });
    // Her SRD subclass is the engine's own now (issue 36): the folded
    // mapped part, opened, names it with what became of it.
    await gm.locator('#import-mapped summary').click();
    await gm.locator('#import-mapped li', { hasText: 'Life Domain' }).getByText(/subclass/).waitFor({ state: 'visible' });
    await gm.waitForSelector('#character-list button:has-text("Ilvara Dawnmantle")');
    assert.match(await gm.locator('#character-list li', { hasText: 'Ilvara' }).innerText(), new RegExp(`played by ${PLAYER}`));
    // The player's phone hears of it live.
    await phone.waitForSelector('#character-list button:has-text("Ilvara Dawnmantle")');

    // Not JSON: said at once, nothing sent. JSON but no sheet: the server's refusal, named.
    await drop('notes.txt', 'not a sheet at all');
    await gm.locator('#import-out').getByText('notes.txt is not a JSON file.').waitFor({ state: 'visible' });
    await drop('empty.json', '{"type": "npc"}');
    await gm.locator('#import-out .refusal').waitFor({ state: 'visible' });
  });

  test('every roll the server makes gets a log card, and a player is alerted to react on any tab (issue 37)', async () => {
    // The player makes a cleric with Spirit Guardians and a wizard with Counterspell.
    await phone.click('a[data-tab=table]');
    for (const [name, cls, spells] of [['Cleo', 'cleric', 'Spirit Guardians, Bless'], ['Vesna', 'wizard', 'Counterspell, Fireball, Shield']]) {
      await phone.fill('#char-name', name);
      await phone.selectOption('#char-class', cls);
      await phone.fill('#char-level', '5');
      await phone.fill('#char-score', '16');
      await phone.fill('#char-spells', spells);
      await phone.click('#character-form button[type=submit]');
      await phone.waitForSelector(`#character-list button:has-text("${name}")`);
    }
    // The GM ends the first encounter and starts one: Cleo, a Goblin, a Mage, Vesna.
    await gm.click('a[data-tab=encounter]');
    await gm.waitForSelector('#end-encounter');
    gm.once('dialog', (d) => d.accept());
    await gm.click('#end-encounter');
    await gm.waitForSelector('#enc-ended');
    await quiet(gm);
    const rows = gm.locator('#enc-form tbody tr');
    const n = await rows.count();
    for (let i = 0; i < n; i += 1) {
      const name = await rows.nth(i).locator('.enc-name').inputValue();
      const init = { Cleo: '20', Vesna: '5' }[name];
      if (init) await rows.nth(i).locator('.enc-init').fill(init);
      else if (name === '') {
        // The empty row: a Goblin typed by hand.
        await rows.nth(i).locator('.enc-name').fill('Goblin');
        await rows.nth(i).locator('.enc-init').fill('10');
        await rows.nth(i).locator('.enc-hp').fill('40');
      } else await rows.nth(i).locator('.enc-name').fill('');
    }
    await gm.fill('#enc-title', 'Bridge');
    await gm.click('#enc-form button[type=submit]');
    await gm.waitForSelector('.order li.now[data-name="Cleo"]');
    await quiet(gm);
    await gm.selectOption('#ca-monster', 'mage');
    await gm.fill('#ca-name', 'Tower Mage');
    await gm.fill('#ca-init', '8');
    await gm.click('#creature-add button[type=submit]');
    await gm.waitForSelector('.order li[data-name="Tower Mage"]');

    // Cleo's turn: Spirit Guardians around the Goblin, cast from the phone.
    await phone.click('a[data-tab=sheet]');
    await phone.selectOption('#sheet-pick', 'Cleo');
    await phone.getByRole('button', { name: 'Cast Spirit Guardians' }).click();
    await phone.locator('#cast-pick-list').getByRole('checkbox', { name: 'Goblin' }).check();
    await phone.click('#cast-go');
    await phone.locator('#cast-result').getByText('Spirit Guardians waits for Reactions (R11)').waitFor({ state: 'visible' });
    // The Mage could counter it: the GM lets it pass and closes the window.
    const win = gm.locator('#reaction-window');
    await win.getByText('Cleo is casting Spirit Guardians.').waitFor({ state: 'visible' });
    await win.locator('li.reactor[data-name="Tower Mage"]').getByRole('button', { name: 'Pass' }).click();
    await win.getByText('Tower Mage: passes').waitFor({ state: 'visible' });
    await gm.click('#rw-resolve');
    await gm.locator('#rw-outcome').getByText('Cleo casts Spirit Guardians').waitFor({ state: 'visible' });
    // The player's dialog, still open, now says what came of the cast.
    await phone.locator('#cast-result').getByText('Cleo casts Spirit Guardians (level 3)').waitFor({ state: 'visible' });
    await phone.click('#cast-close');
    // Bless would end Spirit Guardians: the dialog asks before it is cast.
    await phone.getByRole('button', { name: 'Cast Bless' }).click();
    await phone.locator('#cast-conc-warn').getByText('Casting Bless ends your Concentration on Spirit Guardians.').waitFor({ state: 'visible' });
    assert.equal(await phone.locator('#cast-go').innerText(), 'End Spirit Guardians and cast');
    await phone.click('#cast-close');
    // Next: the Goblin's turn; next again: it ends its turn in the spirits.
    await quiet(gm);
    await gm.click('#next-turn');
    await gm.waitForSelector('.order li.now[data-name="Goblin"]');
    // The last window's outcome belonged to Cleo's turn: it goes.
    await gm.locator('#rw-outcome').waitFor({ state: 'detached' });
    await quiet(gm);
    await phone.click('a[data-tab=log]');
    await phone.locator('#table-log .log-card').first().waitFor({ state: 'visible' });
    await gm.click('#next-turn');
    await gm.waitForSelector('.order li.now[data-name="Tower Mage"]');
    const turn = phone.locator('#table-log .turn-card').first();
    await turn.getByText(/Spirit Guardians of Cleo harms Goblin: \d+ damage/).waitFor({ state: 'visible' });
    assert.match(await turn.innerText(), /necrotic damage \(3d8\)/, 'the damage dice');
    assert.doesNotMatch(await turn.innerText(), /HP left/, 'no Goblin hit points for a player');
    await gm.click('a[data-tab=log]');
    await gm.locator('#table-log .turn-card').first().getByText(/HP left/).waitFor({ state: 'visible' });

    // The Mage casts Fireball at Vesna while her player reads the log:
    // an alert with the answers, and a badge on the Encounter tab.
    await gm.click('a[data-tab=encounter]');
    await quiet(gm);
    await gm.selectOption('#cc-caster', 'Tower Mage');
    await gm.fill('#cc-spell', 'Fireball');
    await gm.locator('#creature-cast').getByRole('checkbox', { name: 'Vesna' }).check();
    await gm.click('#creature-cast button[type=submit]');
    const alert = phone.locator('#react-alert');
    await alert.getByText('Vesna may react: Tower Mage is casting Fireball.').waitFor({ state: 'visible' });
    await alert.getByRole('button', { name: 'Cast Counterspell' }).waitFor({ state: 'visible' });
    await phone.locator('a[data-tab=encounter] .alert-badge').waitFor({ state: 'visible' });
    assert.equal(await phone.locator('#tab-log').isVisible(), true, 'the player is still on the log');
    await fitsWidth(phone);
    await phone.screenshot({ path: path.join(SHOTS, 'reaction-alert-phone.png') });
    await alert.getByRole('button', { name: 'Pass' }).click();
    await alert.waitFor({ state: 'detached' });
    await gm.locator('#reaction-window').getByText('Vesna: passes').waitFor({ state: 'visible' });
    await gm.click('#rw-resolve');
    await gm.locator('#rw-outcome').getByText('Tower Mage casts Fireball').waitFor({ state: 'visible' });
    await phone.locator('a[data-tab=encounter] .alert-badge').waitFor({ state: 'detached' });

    // Damage to concentrating Cleo: her Concentration save is a log card too.
    await damage('Cleo', 4);
    const concCard = phone.locator('#table-log .conc-card').first();
    await concCard.getByText(/Cleo rolls a Concentration save \(DC 10\): \d+, (kept|lost)/).waitFor({ state: 'visible' });
    const prompt = phone.locator('#conc-prompts .conc-prompt');
    await prompt.getByText('Cleo took 4 damage while concentrating: Constitution save, DC 10.').waitFor({ state: 'visible' });
    // After a reload (issue 37) the log still has the turn damage and the
    // save, from the server's log, and the prompt waits until acknowledged.
    const saveSaid = await concCard.innerText();
    await phone.reload();
    await phone.waitForSelector(`#who:text("${PLAYER}")`);
    await phone.click('a[data-tab=log]');
    await phone.locator('#table-log .turn-card').first().getByText(/Spirit Guardians of Cleo harms Goblin: \d+ damage/).waitFor({ state: 'visible' });
    await concCard.waitFor({ state: 'visible' });
    assert.equal(await concCard.innerText(), saveSaid, 'the same save, the same dice');
    assert.equal(await phone.locator('#table-log .conc-card').count(), 1, 'heard live and logged: one card');
    await prompt.getByText('Cleo took 4 damage while concentrating: Constitution save, DC 10.').waitFor({ state: 'visible' });
    await prompt.getByRole('button', { name: 'Got it' }).click();
    await prompt.waitFor({ state: 'detached' });
    await phone.reload();
    await phone.click('a[data-tab=log]');
    await concCard.waitFor({ state: 'visible' });
    assert.equal(await prompt.count(), 0, 'an acknowledged prompt stays gone');

    // The GM's Mage hits Vesna (14 against AC 12): her Shield window opens,
    // the player answers from the alert, and the hit now misses.
    await gm.click('a[data-tab=encounter]');
    await quiet(gm);
    await gm.selectOption('#ha-attacker', 'Tower Mage');
    await gm.selectOption('#ha-target', 'Vesna');
    await gm.fill('#ha-total', '14');
    await gm.fill('#ha-ac', '12');
    await gm.click('#creature-attack button[type=submit]');
    await alert.getByText('Vesna may react: Tower Mage hit Vesna (14 against AC 12).').waitFor({ state: 'visible' });
    // The Fireball's outcome belonged to before this window: it goes (issue 37).
    await gm.locator('#rw-outcome').waitFor({ state: 'detached' });
    await alert.getByRole('button', { name: 'Cast Shield' }).click();
    await alert.waitFor({ state: 'detached' });
    // The Mage could counter the Shield in turn (2024): it lets it pass.
    const gmWin = gm.locator('#reaction-window');
    await gmWin.getByText('Vesna is casting Shield.').waitFor({ state: 'visible' });
    await gmWin.locator('li.reactor[data-name="Tower Mage"]').getByRole('button', { name: 'Pass' }).click();
    await gmWin.getByText('Tower Mage: passes').waitFor({ state: 'visible' });
    await gm.click('#rw-resolve');
    await gmWin.getByText('Tower Mage hit Vesna (14 against AC 12).').waitFor({ state: 'visible' });
    const missed = gm.locator('#rw-outcome').getByText('The attack on Vesna now misses');
    for (let i = 0; i < 3 && !(await missed.isVisible()); i += 1) {
      await quiet(gm);
      if (await gm.locator('#rw-resolve').isVisible()) await gm.click('#rw-resolve');
      await missed.waitFor({ state: 'visible', timeout: 3000 }).catch(() => {});
    }
    await missed.waitFor({ state: 'visible' });
    await phone.click('a[data-tab=encounter]');
    await phone.locator('#rw-outcome').getByText('The attack on Vesna now misses').waitFor({ state: 'visible' });
    // The outcome belongs to this turn: a reload shows it again (issue 37).
    await phone.reload();
    await phone.waitForSelector(`#who:text("${PLAYER}")`);
    await phone.click('a[data-tab=encounter]');
    await phone.locator('#rw-outcome').getByText('The attack on Vesna now misses').waitFor({ state: 'visible' });

    // The GM has the server roll the Mage's quarterstaff at Cleo: her
    // sheet has no Armor Class, so the card gives the total for the GM.
    await quiet(gm);
    await gm.selectOption('#cr-attacker', 'Tower Mage');
    await gm.selectOption('#cr-target', 'Cleo');
    await gm.fill('#cr-weapon', 'quarterstaff');
    await gm.fill('#cr-bonus', '5');
    await gm.click('#creature-roll button[type=submit]');
    const rolled = gm.locator('#cr-out');
    await rolled.getByText('Tower Mage attacks Cleo with Quarterstaff').waitFor({ state: 'visible' });
    // A natural 20 always hits and a natural 1 always misses, AC or not.
    assert.match(await rolled.innerText(), /Total \d+: no Armor Class on the sheet, the GM decides|Critical hit: \d+|Miss: \d+/);
    assert.match(await rolled.innerText(), /attack vs Cleo \(1d20\+5\)/);
  });

  test('an undone cast is marked undone in every seat\'s log, live (issue 37)', async () => {
    // The fight is over; Vesna casts Fireball at a Goblin, then her player takes it back.
    await gm.click('a[data-tab=encounter]');
    await quiet(gm);
    gm.once('dialog', (d) => d.accept());
    await gm.click('#end-encounter');
    await gm.waitForSelector('#enc-ended');
    await gm.click('a[data-tab=log]');
    await phone.click('a[data-tab=sheet]');
    await phone.selectOption('#sheet-pick', 'Vesna');
    await phone.getByRole('button', { name: 'Cast Fireball' }).click();
    await phone.fill('#cast-targets', 'Goblin');
    await phone.click('#cast-go');
    await phone.locator('#cast-result').getByText('Fireball cast at level 3.').waitFor({ state: 'visible' });
    await phone.click('#cast-close');
    const card = gm.locator('#table-log .log-card').filter({ hasText: 'Vesna casts Fireball' }).first();
    await card.waitFor({ state: 'visible' });
    assert.equal(await card.locator('.undone-badge').count(), 0, 'not undone yet');
    await phone.getByRole('button', { name: 'Undo last change' }).click();
    await card.locator('.undone-badge').getByText('Undone').waitFor({ state: 'visible' });
    await phone.click('a[data-tab=log]');
    await phone.locator('#table-log .log-card').filter({ hasText: 'Vesna casts Fireball' }).first()
      .locator('.undone-badge').waitFor({ state: 'visible' });
  });

  test('a player ends their own Concentration from the sheet (issue 32)', async () => {
    // Out of the fight, Cleo calls her spirits again (ending whatever she
    // kept up), then lets them go with the sheet's button: no action needed.
    await phone.click('a[data-tab=sheet]');
    await phone.selectOption('#sheet-pick', 'Cleo');
    // Her action went on Spirit Guardians in the fight: a new turn first.
    await phone.click('#end-turn');
    await phone.getByRole('button', { name: 'Cast Spirit Guardians' }).click();
    await phone.click('#cast-go');
    await phone.locator('#cast-result').getByText('Spirit Guardians cast at level 3.').waitFor({ state: 'visible' });
    await phone.click('#cast-close');
    await phone.getByText('Concentrating on Spirit Guardians').waitFor({ state: 'visible' });
    await phone.getByRole('button', { name: 'Dismiss Spirit Guardians' }).waitFor({ state: 'visible' });
    await phone.getByRole('button', { name: 'Drop Concentration' }).click();
    await phone.getByText('Concentrating on Spirit Guardians').waitFor({ state: 'detached' });
    await phone.getByRole('button', { name: 'Dismiss Spirit Guardians' }).waitFor({ state: 'detached' });
  });

  test('the small things a player notices, on a phone (issue 37)', async () => {
    await phone.click('a[data-tab=sheet]');
    await phone.selectOption('#sheet-pick', 'Vesna');
    // "Check now" with nothing blocked lists the castable spells by name, no "null".
    await phone.click('#options-ask');
    const options = phone.locator('#options-out');
    await options.getByText('Castable now').waitFor({ state: 'visible' });
    await options.getByText(/^Fireball: slot 3/).waitFor({ state: 'visible' });
    assert.doesNotMatch(await options.innerText(), /null/, 'no "null" in the answer');
    // The planner's last columns are on the phone's screen.
    await phone.fill('#plan-target', 'ac=12,hp=20,dex=+1');
    await phone.click('#plan-form button[type=submit]');
    await phone.locator('#plan-table tbody tr[data-spell="fireball"]').waitFor({ state: 'visible' });
    for (const head of ['Fails save', 'To 0 HP']) {
      const th = phone.locator('#plan-table th', { hasText: head });
      await th.scrollIntoViewIfNeeded();
      const box = await th.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${head} is on screen (${JSON.stringify(box)})`);
    }
    await fitsWidth(phone);
    // Shield is a Self spell: its dialog asks for no targets.
    await phone.getByRole('button', { name: 'Cast Shield' }).click();
    await phone.locator('#cast-h').getByText('Shield').waitFor({ state: 'visible' });
    assert.equal(await phone.locator('#cast-targets').isVisible(), false, 'no targets field for Shield');
    assert.equal(await phone.locator('#cast-picks').isVisible(), false, 'no target picks for Shield');
    await phone.click('#cast-close');
    await phone.getByRole('button', { name: 'Cast Fireball' }).click();
    await phone.locator('#cast-targets').waitFor({ state: 'visible' });
    await phone.click('#cast-close');
    // In Czech the planner takes Czech keys and writes a decimal comma.
    const lang = (l) => phone.$eval('#lang', (el, v) => { el.value = v; el.dispatchEvent(new Event('change')); }, l);
    await lang('cs');
    try {
      await phone.fill('#plan-target', 'oc=12,zivoty=20,obr=+1');
      await phone.click('#plan-form button[type=submit]');
      const row = phone.locator('#plan-table tbody tr[data-spell="fireball"]');
      await row.getByText('Ohnivá koule').waitFor({ state: 'visible' });
      assert.match(await row.innerText(), /60 %/, 'DC 14 against obr +1: the same 60 % as in English');
      assert.doesNotMatch(await phone.locator('#plan-table').innerText(), /\d\.\d/, 'a decimal comma, not a point');
      await phone.locator('#plan-h').getByText('Co kdyby?', { exact: false }).waitFor({ state: 'visible' });
    } finally {
      await lang('en');
    }
  });
}
