// Play: a new game (hot-seat or against a bot), the saved games to resume, and one game
// (components/game_screen.js: the board of its table's kind, or the generic one).
import { api, attempt, showError } from '../lib/api.js';
import { h, append, field, replace } from '../lib/dom.js';
import { navigate } from '../lib/navigate.js';
import { choiceId, choiceName, formatTime, winnerText } from '../lib/format.js';
import { byOffers, chooseRuleset, loadRulesets, rulesetTitle, savedSidesLabel, sideKinds } from '../lib/rulesets.js';
import { checkDocuments, legalityLabel } from '../lib/document_checks.js';
import { defaultSides, linkedSides } from '../lib/default_sides.js';
import { renderGame } from '../components/game_screen.js';
import { keepCreatorToken, keepInvite, seatToken } from '../lib/seat_tokens.js';
import { parameterFields } from '../components/parameter_fields.js';

const PLAYER_KINDS = [
  ['human', 'Human'], ['greedy', 'Bot: greedy'], ['mcts:ms=200', 'Bot: MCTS (0.2 s a move)'], ['random', 'Bot: random']];

export async function render(root, params, query) {
  if (params[0]) return renderGame(root, params[0], { token: seatToken(params[0], query) });
  return renderLobby(root, query);
}

// The lobby: a new game, the games saved.
async function renderLobby(root, query) {
  const [rulesets, games] = await Promise.all([loadRulesets(), api.get('/api/games')]);
  const playable = byOffers(rulesets.filter((r) => r.playable));
  const ruleset = chooseRuleset(playable, query.get('ruleset'));
  append(root, h('h1', {}, 'Play'));
  if (!ruleset) {
    append(root, h('p', {}, 'No ruleset of this build is playable yet.'));
    return undefined;
  }
  // The player's own sides (warbands, or wizards where a wizard is the side), for a ruleset whose
  // builder makes them, each with its legality as its builder checks it: an illegal one is marked.
  const kinds = sideKinds(ruleset);
  const savedSides = await Promise.all(kinds.map(async ({ kind }) => {
    const docs = await api.get(`/api/documents?ruleset=${encodeURIComponent(ruleset.name)}&kind=${encodeURIComponent(kind)}`).catch(() => []);
    return [docs, await checkDocuments(ruleset.name, kind, docs)];
  }));
  const documents = savedSides.flatMap(([docs]) => docs);
  const checks = new Map(savedSides.flatMap(([, kindChecks]) => [...kindChecks]));
  const pick = playable.length > 1
    ? h('p', { class: 'tabs' }, playable.map((r) =>
        h('a', { href: `#/play?ruleset=${encodeURIComponent(r.name)}`, class: r === ruleset ? 'active' : '', dataset: { ruleset: r.name } }, r.title ?? r.name)))
    : null;

  const maps = ruleset.maps ?? [];
  const map = h('select', { name: 'map' }, maps.map((m) => h('option', { value: choiceId(m), selected: choiceId(m) === ruleset.default_map }, choiceName(m))));
  const mapDescription = h('p', { class: 'muted small map-description' });
  const describeMap = () => { mapDescription.textContent = maps.find((m) => choiceId(m) === map.value)?.description ?? ''; };
  map.addEventListener('change', describeMap);
  describeMap();
  const builtIn = ruleset.warbands ?? [];
  const hasWarbands = builtIn.length > 0 || documents.length > 0;
  const warbandSelect = (name, index) => h('select', { name },
    builtIn.length ? h('optgroup', { label: 'Built-in' }, builtIn.map((w, i) =>
      h('option', { value: choiceId(w), selected: i === index, class: w.legal === false ? 'illegal' : null },
        `${choiceName(w, true)}${legalityLabel(w.legal === false ? w : null)}`))) : null,
    documents.length ? h('optgroup', { label: savedSidesLabel(kinds) }, documents.map((doc) =>
      h('option', { value: `document:${doc.id}`, class: checks.get(doc.id)?.legal === false ? 'illegal' : null },
        `${doc.name}${legalityLabel(checks.get(doc.id))}`))) : null);
  // The chosen warband when it is illegal: {seat, name, problems, href} (where to fix it).
  const illegalChoice = (value, seat) => {
    if (value.startsWith('document:')) {
      const doc = documents.find((d) => d.id === value.slice('document:'.length));
      const check = checks.get(doc?.id);
      return doc && check?.legal === false ? { seat, name: doc.name, problems: check.problems, href: `#/build/${doc.id}`, fix: `Fix “${doc.name}” in the builder` } : null;
    }
    const builtin = builtIn.find((w) => choiceId(w) === value);
    return builtin?.legal === false
      ? { seat, name: choiceName(builtin), problems: builtin.problems ?? [], href: `#/build?ruleset=${encodeURIComponent(ruleset.name)}`, fix: 'Start a copy of it in the builder' }
      : null;
  };
  const [redIndex, blueIndex] = defaultSides(ruleset);
  const warbands = [warbandSelect('red-warband', redIndex), warbandSelect('blue-warband', blueIndex)];
  // A builder's "Play it" link names its document as Red's side.
  const offered = [...warbands[0].options].map((option) => option.value);
  linkedSides(offered, query).forEach((value, seat) => { if (value) warbands[seat].value = value; });
  const playerSelect = (name, value) => h('select', { name }, PLAYER_KINDS.map(([v, label]) => h('option', { value: v, selected: v === value }, label)));
  const players = [playerSelect('red-player', 'human'), playerSelect('blue-player', 'greedy')];
  const seed = h('input', { type: 'number', name: 'seed', min: 0, placeholder: 'random' });
  // Invite a friend: Blue is played from another browser through a secret link.
  const invite = h('input', { type: 'checkbox', name: 'invite', id: 'invite-friend' });
  const spectators = h('select', { name: 'spectators' },
    h('option', { value: 'live' }, 'anyone with the game’s address, live'),
    h('option', { value: 'after_end' }, 'only once the game is over'));
  invite.addEventListener('change', () => {
    if (invite.checked) players[1].value = 'human';
    players[1].disabled = invite.checked;
    spectators.disabled = !invite.checked;
  });
  spectators.disabled = true;
  const parameters = parameterFields(ruleset.parameters);
  const start = h('button', { class: 'primary', type: 'submit' }, 'Start the game');
  const illegal = h('div', { class: 'legal bad hidden', id: 'illegal-warbands', role: 'alert' });
  const form = h('form', { class: 'panel new-game', dataset: { ruleset: ruleset.name }, onsubmit: async (event) => {
    event.preventDefault();
    // An illegal list is not played: say what to fix, and where.
    const chosen = warbands.map((select, seat) => illegalChoice(select.value, seat)).filter(Boolean);
    if (chosen.length) {
      showIllegal(illegal, chosen);
      return;
    }
    illegal.classList.add('hidden');
    start.disabled = true;
    const setup = {};
    if (maps.length) setup.map = map.value;
    if (hasWarbands) setup.warbands = warbands.map((select) => select.value.startsWith('document:')
      ? { document: select.value.slice('document:'.length) } : select.value);
    const values = parameters.values();
    if (Object.keys(values).length) setup.parameters = values;
    const body = { ruleset: ruleset.name, setup, players: players.map((select) => select.value) };
    if (seed.value !== '') body.seed = Number(seed.value);
    if (invite.checked) body.remote = { seats: [1], spectators: spectators.value };
    const view = await attempt(() => api.post('/api/games', body));
    start.disabled = false;
    if (view?.invite) {
      keepCreatorToken(view.id, view.invite.owner_token);
      keepInvite(view.id, view.invite);
    }
    if (view) navigate(`/play/${view.id}`);
  } },
    h('h2', {}, `New game of ${ruleset.title ?? ruleset.name}`),
    h('div', { class: 'row top' }, maps.length ? field('Map', map) : null, field('Seed', seed, 'the same seed plays the same dice')),
    maps.length ? mapDescription : null,
    h('div', { class: 'sides' }, [0, 1].map((seat) =>
      h('fieldset', { class: `side ${seat === 0 ? 'red' : 'blue'}` }, h('legend', {}, seat === 0 ? 'Red' : 'Blue'),
        hasWarbands ? field('Warband', warbands[seat]) : null, field('Played by', players[seat])))),
    parameters.element,
    h('fieldset', { class: 'invite-friend' }, h('legend', {}, 'Invite a friend'),
      h('label', {}, invite, ' Blue plays from another browser, through a secret link'),
      field('Spectators see the game', spectators)),
    h('p', { class: 'muted small' }, 'Two humans: hot-seat on this device, what each side may not see hidden from the other. A human against a bot: the bot moves at once. With a friend invited, each plays from their own browser and sees only their own side.'),
    illegal, start);
  const saved = games.filter((g) => g.kind !== 'replay');
  append(root, pick, h('div', { class: 'two-columns' }, form,
    h('section', { class: 'panel' }, h('h2', {}, 'Saved games'),
      saved.length ? gamesTable(saved, rulesets, root, query) : h('p', { class: 'empty' }, 'No games yet.'))));
  return undefined;
}

// Why the game cannot start: each illegal warband chosen, its problems, and where to fix it.
function showIllegal(box, sides) {
  replace(box, sides.map(({ seat, name, problems, href, fix }) => h('div', { class: 'illegal-warband' },
    h('strong', {}, `${seat === 0 ? 'Red' : 'Blue'}'s warband “${name}” is not legal yet, so it cannot be played. Fix ${problems.length === 1 ? 'this' : 'these'}:`),
    h('ul', {}, problems.map((problem) => h('li', { class: 'problem' }, problem))),
    h('a', { class: 'button small', href }, fix))));
  box.classList.remove('hidden');
  box.scrollIntoView({ block: 'nearest' });
}

function describeResult(game) {
  return game.terminal ? `finished: ${winnerText(game.winner)}` : `in play (${game.length} actions logged)`;
}

function gamesTable(games, rulesets, root, query) {
  return h('table', { class: 'data games' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Players'), h('th', {}, 'State'), h('th', {}, 'Saved'), h('th', {}, ''))),
    h('tbody', {}, games.map((game) => h('tr', { dataset: { game: game.id } },
      h('td', {}, h('a', { href: `#/play/${game.id}` }, `#${game.id}`), ' ', h('span', { class: 'muted' }, rulesetTitle(rulesets, game.ruleset))),
      h('td', {}, game.players.join(' vs ')),
      h('td', {}, describeResult(game)),
      h('td', { class: 'muted' }, formatTime(game.updated)),
      h('td', { class: 'num' },
        h('a', { class: 'button small', href: `#/play/${game.id}` }, game.terminal ? 'Open' : 'Resume'), ' ',
        h('a', { class: 'button small', href: `#/replay/${game.id}` }, 'Replay'), ' ',
        h('button', { class: 'small danger', onclick: async () => {
          if (!confirm(`Delete game #${game.id}?`)) return;
          if (await attempt(() => api.del(`/api/games/${game.id}`))) {
            root.replaceChildren();
            renderLobby(root, query).catch(showError);
          }
        } }, 'Delete'))))));
}
