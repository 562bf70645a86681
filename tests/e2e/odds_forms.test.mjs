// The odds forms of the card game (Conflict) and the dice-pool game (A Game): questions in a
// player's words, pickers from the ruleset's content, two queries compared and a link that opens
// on both. The figures are worked out by hand (the seeds' decks and dice) in the comments.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

// The result line of panel `index` (0: query A, 1: query B) once it holds `pattern`.
async function statusOf(page, index, pattern) {
  await page.waitForFunction(([i, source]) => {
    const status = document.querySelectorAll('.odds-panel .odds-result .status')[i];
    return status && !status.querySelector('.error-text') && new RegExp(source).test(status.textContent);
  }, [index, pattern.source]);
  return page.locator('.odds-panel .odds-result .status').nth(index).innerText();
}

test('Conflict: a draw and an attack picked from lists, compared, and reopened from a link', async () => {
  const { page, done } = await openPage(browser, '/odds/conflict');
  await page.waitForSelector('.chart svg');
  const questions = await page.locator('.odds-form .question').allInnerTexts();
  assert.deepEqual(questions.map((q) => q.trim()), ['A luck-deck draw', 'An attack by its numbers', 'An attack between two characters']);

  // The draw starts on the seed's example (Hearts and Spades): 75, 24 and 10 of the 153 pairs.
  let status = await statusOf(page, 0, /153 pairs/);
  assert.match(status, /P\(at least one card counts as ♥\), 75 of 153 pairs 0\.4902/);
  assert.match(status, /P\(one ♥ and one ♠\), 24 of 153 pairs 0\.1569/);
  assert.deepEqual(await page.locator('#odds-suit option').allInnerTexts(), ['♠ Spades', '♥ Hearts', '♦ Diamonds', '♣ Clubs']);
  // Clubs and Diamonds: the same counts for any two suits (the Red Joker counts as either).
  await page.selectOption('#odds-suit', { label: '♣ Clubs' });
  await page.selectOption('#odds-second-suit', { label: '♦ Diamonds' });
  status = await statusOf(page, 0, /one ♣ and one ♦/);
  assert.match(status, /P\(one ♣ and one ♦\), 24 of 153 pairs 0\.1569/);

  // An attack: nothing typed, it starts on Attack Strength 3 against Resistance 2. Both sides
  // flip two of the 18 cards (153 pairs each); the attack hits when its total beats the defense:
  // 13103 of the 153 x 153 = 23409 pairs of flips.
  await page.check('input[value="an-attack-by-its-numbers"]');
  assert.equal(await page.locator('#odds-attack').inputValue(), '3');
  assert.equal(await page.locator('#odds-defense').inputValue(), '2');
  status = await statusOf(page, 0, /Conflict attack/);
  assert.match(status, /P\(hit\) 0\.5597/);
  assert.ok(status.indexOf('P(hit)') < status.indexOf('E[damage]'), 'the figures in the ruleset\'s order');
  // Full Cover from the picker: Resistance 2 + 2, so 3 against 4: 7738 of 23409.
  assert.deepEqual(await page.locator('#odds-cover option').allInnerTexts(), ['none', 'Partial Cover (+1)', 'Full Cover (+2)']);
  await page.selectOption('#odds-cover', { label: 'Full Cover (+2)' });
  status = await statusOf(page, 0, /Full Cover \+2/);
  assert.match(status, /P\(hit\) 0\.3306/);

  // Compare: query B starts as a copy; a Charge there (+1: 4 against 4) hits 10306 of 23409.
  await page.click('button.compare');
  await page.waitForSelector('#odds-b-charge');
  assert.equal(await page.locator('#odds-b-cover').inputValue(), 'full');
  await page.check('#odds-b-charge');
  const b = await statusOf(page, 1, /Charge \+1/);
  assert.match(b, /P\(hit\) 0\.4403/);
  assert.match(await statusOf(page, 0, /Full Cover/), /P\(hit\) 0\.3306/);
  const [boxA, boxB] = await Promise.all([page.locator('.odds-panel').nth(0).boundingBox(), page.locator('.odds-panel').nth(1).boundingBox()]);
  assert.ok(boxB.x > boxA.x + boxA.width - 1 && Math.abs(boxB.y - boxA.y) < 5, 'side by side');

  // The link opens on both queries, pickers and ticks as they were, with the same figures.
  await page.waitForFunction(() => /b\.charge=true/.test(document.querySelector('.share-link').getAttribute('href')));
  const href = await page.locator('.share-link').getAttribute('href');
  await done();
  const linked = await openPage(browser, href.replace(/^#/, ''));
  assert.match(await statusOf(linked.page, 0, /Full Cover \+2/), /P\(hit\) 0\.3306/);
  assert.match(await statusOf(linked.page, 1, /Charge \+1/), /P\(hit\) 0\.4403/);
  assert.equal(await linked.page.locator('#odds-cover').inputValue(), 'full');
  assert.ok(await linked.page.locator('#odds-b-charge').isChecked());
  assert.ok(await linked.page.locator('input[name="odds-b-question"][value="an-attack-by-its-numbers"]').isChecked());
  await linked.done();
});

test('Conflict: a bad number reads as a sentence about the input', async () => {
  const { page, done } = await openPage(browser, '/odds/conflict?q=an-attack-by-its-numbers&attack=3&defense=2');
  await statusOf(page, 0, /Conflict attack/);
  await page.fill('#odds-attack', 'x');
  await page.waitForSelector('.odds-result .error-text');
  assert.equal(await page.locator('.odds-result .error-text').innerText(),
    'Attack Strength must be a whole number from -1000 to 1000 (you typed x).');
  await page.fill('#odds-attack', '4');
  await statusOf(page, 0, /two cards \+4/);
  await done([/status of 400/]);

  // A link made before the typed numbers' question was renamed (its old title is now the
  // question by name): its numbers still open the question that holds them.
  const old = await openPage(browser, '/odds/conflict?q=an-attack-between-two-characters&attack=3&defense=2');
  await statusOf(old.page, 0, /two cards \+3 against two cards \+2/);
  assert.ok(await old.page.locator('input[value="an-attack-by-its-numbers"]').isChecked());
  assert.equal(await old.page.locator('#odds-attack').inputValue(), '3');
  await old.done();
});

test('Conflict: an attack between two characters picked by name', async () => {
  const { page, done } = await openPage(browser, '/odds/conflict');
  await page.waitForSelector('.chart svg');
  // It starts on the Knight Captain's Longsword (Attack Skill 2 + Strength 4) against the Forest
  // Giant (Defense 1 + Physical Resistance 2, a Heart): 6 against 3 hits 17953 of 23409 pairs.
  await page.check('input[value="an-attack-between-two-characters"]');
  assert.equal(await page.locator('#odds-attacker').inputValue(), 'Knight Captain');
  let status = await statusOf(page, 0, /Knight Captain's Longsword/);
  assert.match(status, /P\(hit\) 0\.7669/);
  assert.match(status, /matching ♥: Match Suit effects: Push/);
  // The Forest Giant offers its own attacks only; its Uprooted Oak (1 + 5) against the Knight
  // (Defense 2 + Physical Resistance 2): 6 against 4, as typed numbers would give.
  await page.selectOption('#odds-attacker', 'Forest Giant');
  const attacks = await page.locator('#odds-with option').allInnerTexts();
  assert.deepEqual(attacks.map((a) => a.replace(/ \(.*/, '')), ['Uprooted Oak', 'Boulder']);
  await page.selectOption('#odds-with', 'Uprooted Oak');
  await page.selectOption('#odds-defender', 'Knight Captain');
  status = await statusOf(page, 0, /Forest Giant's Uprooted Oak/);
  assert.match(status, /two cards \+6 .* against two cards \+4/);
  await done();
});

test('A Game: an attack between profiles picked from lists, a dice-pool roll beside it, and a link', async () => {
  const { page, done } = await openPage(browser, '/odds/agame');
  await page.waitForSelector('.chart svg');
  const questions = await page.locator('.odds-form .question').allInnerTexts();
  assert.deepEqual(questions.map((q) => q.trim()), ['A dice-pool roll', 'An attack between two profiles']);
  // The ruleset's example is an attack by name: the profiles are pickers.
  assert.ok(await page.locator('input[value="an-attack-between-two-profiles"]').isChecked());
  // The seed's four first, then the project's eight (content/agame/profiles.toml).
  const attackers = await page.locator('#odds-attacker option').allInnerTexts();
  assert.equal(attackers.length, 12);
  assert.deepEqual(attackers.slice(0, 4),
    ['Vampire Swordfighter', 'Great Ram of Shamborga', 'Dwarven Defender', 'Wizard from the Halls of Dolion']);
  await statusOf(page, 0, /Vampire Swordfighter's Vicious Stab/);

  // Another attacker offers its own attacks only, and the dice typed for the last attack (2, more
  // than Claw allows) are emptied with it, as the dodge dice are with the defender.
  await page.fill('#odds-dice', '2');
  await page.fill('#odds-dodge-dice', '1');
  await page.selectOption('#odds-attacker', { label: 'Great Ram of Shamborga' });
  const attacks = await page.locator('#odds-attack option').allInnerTexts();
  assert.deepEqual(attacks.map((a) => a.replace(/ \(.*/, '')), ['Claw', 'Pound into the Ground', 'Great Ramming Charge']);
  assert.equal(await page.locator('#odds-dice').inputValue(), '');
  assert.equal(await page.locator('#odds-dodge-dice').inputValue(), '1');
  await page.selectOption('#odds-defender', { label: 'Dwarven Defender' });
  assert.equal(await page.locator('#odds-dodge-dice').inputValue(), '');
  // Claw: 1 die at 4+ (7 in 10 hit), against the Dwarf's 5 dodge dice (4 defense and 1 wild) at
  // its Melee Defense 4+ (7 in 10 each) and Armor 6+ (5 in 10 save): a wound needs the hit, no
  // dodge (0.3^5) and no save: 0.7 x 0.00243 x 0.5 = 0.00085 (content/agame/profiles.toml).
  const status = await statusOf(page, 0, /Great Ram of Shamborga's Claw/);
  assert.match(status, /against Dwarven Defender \(5 dice to dodge/);
  assert.match(status, /P\(an attack die hits at 4\+\) 0\.7000/);
  assert.match(status, /P\(at least one wound\) 0\.0009/);

  // Compare with a dice-pool roll: B starts as a copy, then asks the other question, which starts
  // on the seed's worked example: 3 dice at 4+ (7 in 10 hit), 3 dodge dice at 7+ (4 in 10 dodge),
  // one save per hit left at 7+ (4 in 10 save), damage 1: E[wounds] 0.6235, P(a wound) 0.4719.
  await page.click('button.compare');
  await page.waitForSelector('#odds-b-attacker');
  await page.check('input[name="odds-b-question"][value="a-dice-pool-roll"]');
  assert.equal(await page.locator('#odds-b-attack-dice').inputValue(), '3');
  const b = await statusOf(page, 1, /3d10 at 4\+/);
  assert.match(b, /P\(at least one wound\) 0\.4719/);
  assert.match(b, /E\[wounds\] 0\.6235/);
  assert.match(b, /P\(a dodge die dodges at 7\+\) 0\.4000/);

  // The link reopens both: the Ram's Claw and the worked example.
  await page.waitForFunction(() => /b\.q=a-dice-pool-roll/.test(document.querySelector('.share-link').getAttribute('href')));
  const href = await page.locator('.share-link').getAttribute('href');
  const first = await page.locator('.odds-panel .odds-result .status').nth(0).innerText();
  await done();
  const linked = await openPage(browser, href.replace(/^#/, ''));
  assert.equal(await statusOf(linked.page, 0, /Great Ram of Shamborga's Claw/), first);
  assert.match(await statusOf(linked.page, 1, /3d10 at 4\+/), /E\[wounds\] 0\.6235/);
  assert.equal(await linked.page.locator('#odds-attack').inputValue(), 'Claw');
  await linked.done();
});
