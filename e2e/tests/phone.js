// A shared opening for the specs that run inside a host spec: the player's
// phone signs in with the token the player's laptop holds, the GM makes a
// new campaign with the player in it, and the phone opens it.

/**
 * Returns `{ gm, phone }` once the phone shows campaign `campaign` (titled
 * `title`); `t` is the host spec's handle (`BASE`, `PLAYER`, `gm()`,
 * `player()`, `page(options)`).
 */
export async function phoneInNewCampaign(t, campaign, title) {
  const { BASE, PLAYER } = t;
  const gm = t.gm();
  await gm.click('a[data-tab=table]');
  const token = await t.player().evaluate(() => localStorage.getItem('grimoire.token'));
  const phone = await t.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.addInitScript((tok) => localStorage.setItem('grimoire.token', tok), token);
  await phone.goto(BASE);
  await phone.waitForSelector(`#who:text("${PLAYER}")`);
  await gm.fill('#camp-id', campaign);
  await gm.fill('#camp-title', title);
  await gm.click('#campaign-form button[type=submit]');
  await gm.locator('#player-form').waitFor({ state: 'visible' });
  await gm.fill('#player-name', PLAYER);
  await gm.click('#player-form button[type=submit]');
  await gm.waitForSelector(`#campaign-info:has-text("${PLAYER}")`);
  await phone.waitForSelector(`#campaign-list button:has-text("${campaign}")`);
  await phone.click(`#campaign-list button:has-text("${campaign}")`);
  return { gm, phone };
}

/**
 * Makes a character with the table's form on `page` (signed in, its
 * campaign open): `name`, class `cls` at `level`, its casting score and
 * its spells (comma-separated), then waits for it in the list.
 */
export async function makeCharacter(page, { name, cls, level, score = '16', spells }) {
  await page.locator('#character-form').waitFor({ state: 'visible' });
  await page.fill('#char-name', name);
  await page.selectOption('#char-class', cls);
  await page.fill('#char-level', level);
  await page.fill('#char-score', score);
  await page.fill('#char-spells', spells);
  await page.click('#character-form button[type=submit]');
  await page.waitForSelector(`#character-list button:has-text("${name}")`);
}
