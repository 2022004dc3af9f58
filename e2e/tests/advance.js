// End-to-end: levelling up on the web sheet, run inside reactions.test.js
// with its GM and player (no accounts of its own). On a phone signed in
// with the player's token, a Wizard 3 with 20 hit points goes to level 4
// rolling its Hit Die: the card shows the new classes and maximum and
// the die rolled, the sheet's class line and hit points follow, and a
// level past 20 in all is refused beside the form with its code and its
// explanation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { makeCharacter, phoneInNewCampaign } from './phone.js';

/** Registers the test, to run after the host spec's own (see resources.js for `t`). */
export function advanceTests(t) {
  const campaign = `adv-${Date.now().toString(36)}`;
  test('a phone levels a character up, rolling its Hit Die, and sees what was rolled', async () => {
    const { SHOTS } = t;
    const { phone } = await phoneInNewCampaign(t, campaign, 'The Tower');
    await makeCharacter(phone, { name: 'Vera', cls: 'wizard', level: '3', spells: 'Magic Missile' });
    await phone.click('#character-list button:has-text("Vera")');
    await phone.click('a[data-tab=sheet]');
    await phone.locator('#sheet-name').getByText('Vera').waitFor({ state: 'visible' });
    const seen = (loc, text) => loc.getByText(text, { exact: false }).first().waitFor({ state: 'visible' });

    // Hit points recorded first (20, AC 12), so the level's die counts.
    await phone.fill('#hp-max', '20');
    await phone.fill('#hp-ac', '12');
    await phone.click('#hp-form button[type=submit]');
    await seen(phone.locator('#hp-line'), '20');

    // The card offers the next level of the character's class.
    const card = phone.locator('#advance');
    await seen(card, 'Level up');
    assert.equal(await phone.inputValue('#adv-class'), 'wizard');
    assert.equal(await phone.inputValue('#adv-level'), '4');
    await phone.selectOption('#adv-hp', 'roll');
    await phone.click('#adv-go');
    const said = phone.locator('#adv-said');
    await seen(said, 'Now Wizard 4, maximum hit points');
    // One line for the die: a d6 rolled with Constitution 10 (+0).
    const rolled = said.getByText(/Wizard d6: rolled \d+ \+0 = \d+/);
    await rolled.waitFor({ state: 'visible' });
    const gained = Number((await rolled.innerText()).split('= ')[1]);
    assert.ok(gained >= 1 && gained <= 6, `a d6 gives 1 to 6: ${gained}`);
    const max = 20 + gained;
    await seen(said, `maximum hit points ${max}`);
    await seen(phone.locator('#hp-line'), `${max}`);
    await seen(phone.locator('#sheet p.sub'), 'Wizard 4');
    assert.equal(await phone.inputValue('#adv-hp'), 'roll', 'the choice is kept');
    assert.equal(await phone.inputValue('#adv-level'), '5', 'the next level offered');
    await phone.locator('#advance').screenshot({ path: path.join(SHOTS, 'advance-phone.png') });

    // Cleric 17 beside Wizard 4 is 21 levels: refused beside the form,
    // and the character is as it was.
    await phone.selectOption('#adv-class', 'cleric');
    assert.equal(await phone.inputValue('#adv-level'), '1');
    await phone.fill('#adv-level', '17');
    await phone.click('#adv-go');
    await seen(said, 'invalid_character_level');
    await seen(said, 'A character has 1 to 20 levels in all.');
    await seen(phone.locator('#sheet p.sub'), 'Wizard 4');
    assert.equal(await phone.locator('#sheet p.sub').getByText('Cleric').count(), 0);
    await phone.context().close();
  });
}
