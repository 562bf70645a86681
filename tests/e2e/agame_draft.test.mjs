// A Game's card draft in the browser: the play page shows the cards on the table (name, text,
// whose deck) with a button per legal burn or pick and both hands (web/components/card_draft.js);
// a human drafts against the random bot, then plays a held card from its hand beside the board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

const length = async (page) => Number(await page.locator('#game-state').getAttribute('data-length'));

// Clicks a button and waits for the game to move on (the bot's replies may follow).
async function play(page, locator) {
  const before = await length(page);
  await locator.click();
  await page.waitForFunction((n) => Number(document.querySelector('#game-state')?.dataset.length) > n, before);
}

test('A Game drafts its cards as a sequence of picks, then a held card is played', async () => {
  const { page, done } = await openPage(browser, '/play?ruleset=agame');
  await page.waitForSelector('form.new-game[data-ruleset=agame]');
  await page.selectOption('select[name=red-player]', 'human');
  await page.selectOption('select[name=blue-player]', 'random');
  await page.fill('input[name=seed]', '5');
  await page.click('form.new-game button[type=submit]');
  await page.waitForURL(/#\/play\/\w+/);
  await page.waitForSelector('#card-draft');

  // Red's choices are the draft's buttons, one per card on the table; each card says its deck.
  let picks = 0;
  for (let guard = 0; guard < 40; ++guard) {
    // Red's turn to choose, or the draft's end (the bot's choices come by themselves).
    await page.waitForFunction(() => document.querySelector('#draft-table button.draft-choice') ||
      !/^Draft round/.test(document.querySelector('#card-draft h3')?.textContent ?? ''));
    const heading = await page.locator('#card-draft h3').innerText();
    if (!/^Draft round/.test(heading)) break;
    const cards = page.locator('#draft-table .draft-card');
    const texts = await cards.allInnerTexts();
    assert.ok(texts.every((text) => /(Red|Blue)'s deck/.test(text)), texts.join(' | '));
    const buttons = page.locator('#draft-table button.draft-choice');
    assert.equal(await buttons.count(), texts.length);  // every card on the table may be chosen
    // Red keeps what it can play at an activation's start when it may.
    const preferred = page.locator('#draft-table .draft-card[data-card=fortune_favours] button, #draft-table .draft-card[data-card=sprint] button');
    await play(page, (await preferred.count()) && /to pick/.test(heading) ? preferred.first() : buttons.first());
    ++picks;
  }
  assert.equal(picks, 12);  // Red burns 4 times and picks 8
  const hands = page.locator('#card-draft .hand');
  assert.equal(await hands.nth(0).locator('.draft-card').count(), 8);
  assert.equal(await hands.nth(1).locator('.draft-card').count(), 8);

  // The first activations: a Play button shows on a held card Red may play now.
  let played = false;
  for (let guard = 0; guard < 30 && !played; ++guard) {
    const playButton = page.locator('#card-draft .hand[data-side="0"] button.play-card');
    if (await playButton.count()) {
      const card = await playButton.first().locator('xpath=..').getAttribute('data-card');
      await play(page, playButton.first());
      const after = page.locator(`#card-draft .hand[data-side="0"] .draft-card[data-card=${card}].played`);
      assert.ok(await after.count() >= 1, `${card} is shown played`);
      played = true;
      break;
    }
    if (await page.locator('svg.tabletop .choice.activate').count()) {
      await page.locator('svg.tabletop').focus();
      await page.keyboard.press('ArrowRight');
      const before = await length(page);
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => Number(document.querySelector('#game-state')?.dataset.length) > n, before);
      continue;
    }
    const end = page.locator('#actions button[data-kind=end_activation]');
    if (await end.count()) { await play(page, end.first()); continue; }
    break;
  }
  assert.ok(played, 'a held card was played');
  await done();
});
