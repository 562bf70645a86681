// The board's objective marks (web/lib/tabletop_objectives.js): Conflict's `at`/`owner` and A
// Game's `point`/`holder` read alike; an entry without a point is left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { objectiveMarks, objectiveTitle } from '../../web/lib/tabletop_objectives.js';

test('either view\'s objectives become marks with their holder', () => {
  const conflict = { objectives: [{ name: 'Beacon', kind: 'activate', points: 2, at: [18, 18], diameter: 1.5, owner: 1, carrier: -1 }] };
  const agame = { objectives: [{ name: 'Banner of War', point: [12, 12], points: 2, holder: -1 },
                               { name: 'Banner of War', point: [12, 16], points: 1, holder: 0 },
                               { name: 'Lost', points: 3, holder: 1 }] };
  assert.deepEqual(objectiveMarks(conflict),
                   [{ index: 0, name: 'Beacon', at: [18, 18], diameter: 1.5, points: 2, side: 1 }]);
  const marks = objectiveMarks(agame);
  assert.deepEqual(marks.map((mark) => [mark.index, mark.at, mark.diameter, mark.side]),
                   [[0, [12, 12], 1, -1], [1, [12, 16], 1, 0]]);
  assert.equal(objectiveTitle(marks[0]), 'Banner of War: 2 points, held by nobody');
  assert.equal(objectiveTitle(marks[1]), 'Banner of War: 1 point, held by Red');
  assert.deepEqual(objectiveMarks({}), []);
  assert.deepEqual(objectiveMarks({ objectives: null }), []);
});
