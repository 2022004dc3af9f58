// End-to-end: Metamagic in the web cast dialog (issue 35), run inside
// reactions.test.js with its GM and player (no accounts of its own). On a
// phone (390×844) signed in with the player's token, a Sorcerer's cast
// dialog lists the Metamagic options she knows with their cost; one that
// cannot reshape the spell is disabled and says why; Careful asks which
// of the targets it protects, and the cast sends the choice.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { phoneInNewCampaign } from './phone.js';

/**
 * Registers the test, to run after the host spec's own: `t` gives the
 * server (`BASE`), where screenshots go (`SHOTS`), the player's account
 * name, the GM's and the player's pages (`gm()`, `player()`) and
 * `page(options)` for a new page.
 */
export function metamagicTests(t) {
  const campaign = `mm-${Date.now().toString(36)}`;
  test('a Sorcerer\'s cast dialog on a phone offers her Metamagic, its cost and why not', async () => {
    const { SHOTS } = t;
    const { phone } = await phoneInNewCampaign(t, campaign, 'The Tower');
    await phone.locator('#character-form').waitFor({ state: 'visible' });
    await phone.fill('#char-name', 'Sorcha');
    await phone.selectOption('#char-class', 'sorcerer');
    await phone.fill('#char-level', '5');
    await phone.fill('#char-score', '16');
    await phone.fill('#char-spells', 'Fire Bolt, Fireball');
    await phone.click('#character-form button[type=submit]');
    await phone.waitForSelector('#character-list button:has-text("Sorcha")');
    // She learns two options (the route the CLI's --metamagic uses).
    const status = await phone.evaluate(async (c) => {
      const r = await fetch(`/campaigns/${c}/characters/Sorcha/features`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('grimoire.token')}` },
        body: JSON.stringify({ metamagic: ['careful', 'quickened'] }),
      });
      return r.status;
    }, campaign);
    assert.equal(status, 200);
    await phone.click('#character-list button:has-text("Sorcha")');
    await phone.click('a[data-tab=sheet]');

    // Fire Bolt: Quickened fits (2 points), Careful does not, and says why.
    await phone.getByRole('button', { name: 'Cast Fire Bolt' }).click();
    await phone.waitForSelector('#cast-dialog[open]');
    const mm = phone.locator('#cast-mm');
    await mm.getByText('Metamagic').waitFor({ state: 'visible' });
    const quick = mm.getByRole('checkbox', { name: 'Quickened Spell (2 SP)' });
    await quick.waitFor({ state: 'visible' });
    assert.equal(await quick.isDisabled(), false);
    const careful = mm.getByRole('checkbox', { name: 'Careful Spell (1 SP)' });
    assert.equal(await careful.isDisabled(), true, 'Careful does not fit Fire Bolt');
    await mm.getByText('Careful Spell cannot reshape Fire Bolt: the spell forces no saving throw').waitFor({ state: 'visible' });
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `no sideways scrolling on a phone (${wide} px)`);
    await phone.screenshot({ path: path.join(SHOTS, 'metamagic-cast-dialog.png'), fullPage: true });
    await phone.click('#cast-close');

    // Fireball at two targets, Careful on the first: the cast sends it.
    await phone.getByRole('button', { name: 'Cast Fireball' }).click();
    await phone.waitForSelector('#cast-dialog[open]');
    await phone.fill('#cast-targets', 'Ally, Goblin');
    const careful3 = mm.getByRole('checkbox', { name: 'Careful Spell (1 SP)' });
    await careful3.waitFor({ state: 'visible' });
    assert.equal(await careful3.isDisabled(), false, 'Careful fits Fireball');
    await careful3.check();
    const ally = mm.getByRole('checkbox', { name: 'Ally' });
    await ally.waitFor({ state: 'visible' });
    assert.equal(await ally.isChecked(), true, 'the first target is protected by default');
    assert.equal(await mm.getByRole('checkbox', { name: 'Goblin' }).isChecked(), false);
    const sent = phone.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/casts'));
    await phone.click('#cast-go');
    const body = (await sent).postDataJSON();
    assert.deepEqual(body.metamagic, [{ option: 'careful', creatures: ['Ally'] }]);
    await phone.locator('#cast-result').getByText('Fireball cast at level 3.').waitFor({ state: 'visible' });
    await phone.click('#cast-close');
  });
}
