// The command a simulated replay reproduces: game INDEX of this sweep, every choice given.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { simCommand } from '../../web/lib/sim_command.js';

test('the sweep holds game INDEX and names the map and the sides chosen', () => {
  assert.equal(simCommand({ ruleset: 'big', seed: 3, index: 2, bots: ['random', 'greedy'],
    setup: { map: 'hills', warbands: ['orcs', 'elves'] } }),
  'warband sim big --games 3 --seed 3 --red random --blue greedy --map hills --warbands orcs elves');
  assert.equal(simCommand({ ruleset: 'big', seed: 1, index: '0', bots: ['random', 'random'] }),
    'warband sim big --games 1 --seed 1 --red random --blue random');
});
