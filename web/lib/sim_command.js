// The `warband sim` command whose game INDEX a simulated replay is (POST /api/replays/sim): every
// choice of the form spelled out, since a command's own defaults (its map) need not be the form's.
// Pure (no DOM), tested in tests/web/sim_command.test.mjs.
export function simCommand({ ruleset, seed, index, bots, setup = {} }) {
  const words = ['warband sim', ruleset, `--games ${Number(index) + 1}`, `--seed ${seed}`,
    `--red ${bots[0]}`, `--blue ${bots[1]}`];
  if (setup.map) words.push(`--map ${setup.map}`);
  if (setup.warbands?.length === 2) words.push(`--warbands ${setup.warbands.join(' ')}`);
  return words.join(' ');
}
