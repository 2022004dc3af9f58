// End-to-end: class resources on the web sheet (issue 33), run inside
// reactions.test.js with its GM and player (no accounts of its own). On a
// phone (390×844) signed in with the player's token, the sheet of a
// Sorcerer turns a slot into Sorcery Points and points into a slot, starts
// Innate Sorcery and takes Sorcerous Restoration on a Short Rest; a
// Wizard chooses Arcane Recovery's slots in the Short Rest dialog; a
// Warlock performs Magical Cunning. Each refusal shows beside the control
// that asked, with its code and its explanation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { makeCharacter, phoneInNewCampaign } from './phone.js';

/**
 * Registers the test, to run after the host spec's own: `t` gives the
 * server (`BASE`), where screenshots go (`SHOTS`), the player's account
 * name, the GM's and the player's pages (`gm()`, `player()`) and
 * `page(options)` for a new page.
 */
export function resourceTests(t) {
  const campaign = `cr-${Date.now().toString(36)}`;
  test('a phone\'s sheet spends and recovers class resources, and shows each refusal beside its control', async () => {
    const { SHOTS, PLAYER } = t;
    const { phone } = await phoneInNewCampaign(t, campaign, 'The Spire');
    for (const [name, cls, level, spells] of [
      ['Ember', 'sorcerer', '7', 'Fire Bolt, Fireball'],
      ['Quill', 'wizard', '5', 'Magic Missile, Fireball'],
      ['Mora', 'warlock', '5', 'Misty Step'],
    ]) {
      await makeCharacter(phone, { name, cls, level, spells });
    }
    // Slots spent the way a table spends them, through the cast route.
    const cast = (name, body) => phone.evaluate(async ([c, n, b]) => {
      const r = await fetch(`/campaigns/${c}/characters/${n}/${b.tail}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('grimoire.token')}` },
        body: JSON.stringify(b.body),
      });
      return r.status;
    }, [campaign, name, body]);
    // What the fetches changed reaches the page by its live stream; the
    // player's other pages of the suite hold most of the account's
    // streams, so the page is reloaded instead of waiting on one.
    const fresh = async (name) => {
      await phone.reload();
      await phone.waitForSelector(`#who:text("${PLAYER}")`);
      await sheet(name);
    };
    const sheet = async (name) => {
      await phone.click('a[data-tab=table]');
      await phone.click(`#character-list button:has-text("${name}")`);
      await phone.click('a[data-tab=sheet]');
      await phone.locator('#sheet-name').getByText(name).waitFor({ state: 'visible' });
    };
    const card = phone.locator('#class-resources');
    const seen = (loc, text) => loc.getByText(text, { exact: false }).first().waitFor({ state: 'visible' });

    // Ember, Sorcerer 7: 7 Sorcery Points of 7.
    await sheet('Ember');
    const points = phone.locator('#sorcery-points .count');
    await seen(phone.locator('#sorcery-points'), 'Sorcery Points');
    assert.equal(await points.innerText(), '7/7');
    // Full points: a slot cannot become more; the refusal sits under
    // the control, with its code and the words the web uses for it.
    await phone.selectOption('#font-slot', '1');
    await card.getByRole('button', { name: 'Turn into points' }).click();
    const toPointsSaid = phone.locator('#font-to-points-said');
    await seen(toPointsSaid, 'sorcery_points_full');
    await seen(toPointsSaid, 'The points would go over the maximum; spend some first.');
    // Points into a slot: the cost comes from the 2024 table.
    await seen(phone.locator('#font-costs'), 'Slot level');
    await phone.selectOption('#font-level', '3');
    const create = card.getByRole('button', { name: 'Create a level 3 slot (5 SP)' });
    await create.click();
    await phone.locator('#sorcery-points .count').getByText('2/7').waitFor({ state: 'visible' });
    await seen(phone.locator('#created-slots'), 'made from points: 1×Level 3');
    assert.equal(await toPointsSaid.locator('.refusal').count(), 0, 'the answer cleared the old refusal');
    // A level 1 slot becomes 1 point: the slot's pips and the points move.
    await phone.selectOption('#font-slot', '1');
    await card.getByRole('button', { name: 'Turn into points' }).click();
    await phone.locator('#sorcery-points .count').getByText('3/7').waitFor({ state: 'visible' });
    await phone.locator('#slot-list li[data-level="1"] .count').getByText('3/4').waitFor({ state: 'visible' });
    // The slot took the Bonus Action: Innate Sorcery is refused beside
    // its button until the turn ends.
    await card.getByRole('button', { name: 'Start Innate Sorcery (Bonus Action)' }).click();
    await seen(phone.locator('#innate-said'), 'action_unavailable');
    await phone.click('#end-turn');
    await phone.locator('#toast').getByText('Turn ended.').waitFor({ state: 'visible' });
    await card.getByRole('button', { name: 'Start Innate Sorcery (Bonus Action)' }).click();
    await seen(phone.locator('#innate-status'), 'Active: 10 rounds left');
    assert.equal(await phone.locator('#innate-sorcery .count').innerText(), '1/2');
    assert.equal(await phone.locator('#innate-said .refusal').count(), 0, 'the answer cleared the refusal');
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `no sideways scrolling on a phone (${wide} px)`);
    await phone.locator('#class-resources').screenshot({ path: path.join(SHOTS, 'class-resources-phone.png') });
    // A Short Rest: Sorcerous Restoration brings back 3 of the 4 spent.
    await phone.click('#short-rest');
    const dialog = phone.locator('#rest-dialog');
    await dialog.getByRole('checkbox', { name: 'Regain up to 3 spent Sorcery Points' }).check();
    await dialog.getByRole('button', { name: 'Finish the Short Rest' }).click();
    await dialog.waitFor({ state: 'detached' });
    await phone.locator('#sorcery-points .count').getByText('6/7').waitFor({ state: 'visible' });
    await seen(phone.locator('#restoration-status'), 'Used until a Long Rest.');
    // The same card in Czech.
    await phone.selectOption('#lang', 'cs');
    await seen(card, 'Pramen magie');
    await seen(phone.locator('#font-points'), 'Body čarodějnictví: 6 z 7');
    await card.getByRole('button', { name: 'Vytvořit pozici 3. úrovně (5 b. č.)' }).waitFor({ state: 'visible' });
    await phone.locator('#class-resources').screenshot({ path: path.join(SHOTS, 'class-resources-phone-cs.png') });
    await phone.selectOption('#lang', 'en');
    await seen(card, 'Font of Magic');
    // The rest outlasted Innate Sorcery; its last use, then (a minute
    // later) Sorcery Incarnate starts it for 2 points.
    await seen(phone.locator('#innate-status'), '1 of 2 uses left until a Long Rest.');
    await card.getByRole('button', { name: 'Start Innate Sorcery (Bonus Action)' }).click();
    await phone.locator('#innate-sorcery .count').getByText('0/2').waitFor({ state: 'visible' });
    assert.equal(await cast('Ember', { tail: 'time', body: { rounds: 10 } }), 200);
    assert.equal(await cast('Ember', { tail: 'turns', body: {} }), 200);
    await fresh('Ember');
    await seen(phone.locator('#innate-status'), '0 of 2 uses left until a Long Rest.');
    await card.getByRole('button', { name: 'Start it with Sorcery Incarnate (2 Sorcery Points)' }).click();
    await phone.locator('#sorcery-points .count').getByText('4/7').waitFor({ state: 'visible' });
    await seen(phone.locator('#innate-status'), 'Active: 10 rounds left');

    // Quill, Wizard 5: a level 3 and a level 1 slot spent.
    assert.equal(await cast('Quill', { tail: 'casts', body: { spell: 'magic-missile', slot: 3 } }), 201);
    assert.equal(await cast('Quill', { tail: 'turns', body: {} }), 200);
    assert.equal(await cast('Quill', { tail: 'casts', body: { spell: 'magic-missile', slot: 1 } }), 201);
    await fresh('Quill');
    await phone.locator('#slot-list li[data-level="3"] .count').getByText('1/2').waitFor({ state: 'visible' });
    await phone.click('#short-rest');
    await dialog.getByText('Arcane Recovery').waitFor({ state: 'visible' });
    // Both slots are 4 levels, over the 3 Arcane Recovery brings back:
    // the dialog says so, and the server's refusal shows in it.
    await dialog.getByLabel('Level 3 (1 spent)').fill('1');
    await dialog.getByLabel('Level 1 (1 spent)').fill('1');
    await seen(dialog, 'Chosen: 4 of 3 slot levels, too many');
    await dialog.getByRole('button', { name: 'Finish the Short Rest' }).click();
    await seen(phone.locator('#sr-said'), 'arcane_recovery_too_many_levels');
    await seen(phone.locator('#sr-said'), 'Arcane Recovery brings back slot levels up to half the Wizard level, rounded up.');
    await dialog.getByLabel('Level 1 (1 spent)').fill('0');
    await seen(dialog, 'Chosen: 3 of 3 slot levels');
    assert.equal(await phone.locator('#sr-said .refusal').count(), 0, 'a new choice clears the refusal of the old one');
    // Memorize Spell swaps Magic Missile for Shield as the rest finishes.
    await dialog.getByLabel('Prepared spell to forget').selectOption('magic-missile');
    await dialog.getByLabel('Wizard spell to prepare in its place').selectOption('shield');
    await phone.screenshot({ path: path.join(SHOTS, 'short-rest-dialog-phone.png') });
    const rest = phone.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/rests'));
    await dialog.getByRole('button', { name: 'Finish the Short Rest' }).click();
    assert.deepEqual((await rest).postDataJSON(), {
      kind: 'short', arcane_recovery: [3], memorize: { forget: 'magic-missile', learn: 'shield' },
    });
    await dialog.waitFor({ state: 'detached' });
    await phone.locator('#slot-list li[data-level="3"] .count').getByText('2/2').waitFor({ state: 'visible' });
    await phone.getByRole('button', { name: 'Cast Shield' }).waitFor({ state: 'visible' });
    assert.equal(await phone.getByRole('button', { name: 'Cast Magic Missile' }).count(), 0, 'Magic Missile was forgotten');
    assert.equal(await phone.locator('#slot-list li[data-level="1"] .count').innerText(), '3/4');
    await seen(phone.locator('#arcane-status'), 'Used until a Long Rest.');

    // Mora, Warlock 5: nothing to bring back yet, then a Pact slot spent.
    await sheet('Mora');
    await card.getByRole('button', { name: 'Perform the rite' }).click();
    await seen(phone.locator('#cunning-said'), 'nothing_to_recover');
    await seen(phone.locator('#cunning-said'), 'Nothing is spent, so there is nothing to bring back.');
    assert.equal(await cast('Mora', { tail: 'casts', body: { spell: 'misty-step' } }), 201);
    await fresh('Mora');
    await phone.locator('.pact[data-left="1"]').first().waitFor({ state: 'visible' });
    await card.getByRole('button', { name: 'Perform the rite' }).click();
    await phone.locator('.pact[data-left="2"]').first().waitFor({ state: 'visible' });
    await seen(phone.locator('#cunning-status'), 'Used until a Long Rest.');
    // By keyboard: Enter opens the Short Rest dialog with the focus on its
    // first choice, Escape closes it and nothing is posted.
    await phone.locator('#short-rest').focus();
    await phone.keyboard.press('Enter');
    await dialog.getByText('Hit Point Dice to spend').waitFor({ state: 'visible' });
    assert.equal(await phone.evaluate(() => document.activeElement.id), 'sr-dice-d8');
    await phone.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await phone.context().close();
  });
}
