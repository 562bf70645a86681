// A table view's last roll of dice pools (`last_roll`: the attack, dodge and save dice, each die's
// face and what it did, the N+ each kind needed, the wounds) as groups of marked dice: the shape
// the dice-roll panel draws (components/dice_roll.js). Nothing here decides a rule: every mark is
// the server's; the counts only add up the marks.
const GROUPS = [
  { key: 'attack', label: 'Attack dice', counts: ['hit', 'hits'] },
  { key: 'dodge', label: 'Dodge dice', counts: ['dodge', 'dodges'] },
  { key: 'save', label: 'Save dice', counts: ['save', 'saves'] },
];
const SUCCESSES = new Set(['hit', 'dodge', 'save']);

const plural = (n, [one, many]) => `${n} ${n === 1 ? one : many}`;

function modelName(models, index) {
  const model = models?.[index];
  return model ? `${model.label ?? ''} ${model.name ?? ''}`.trim() : `model ${index}`;
}

// {title, notes, groups: [{key, label, need, dice: [{face, result, success}], summary}], outcome},
// or null when nothing has been rolled. A kind of die not rolled (no hit to dodge) is left out,
// but the attack dice always show.
export function dicePoolRoll(lastRoll, models = []) {
  if (!lastRoll || typeof lastRoll !== 'object') return null;
  const groups = [];
  for (const { key, label, counts } of GROUPS) {
    const faces = Array.isArray(lastRoll[key]) ? lastRoll[key] : [];
    if (!faces.length && key !== 'attack') continue;
    const dice = faces.map((face, i) => {
      const result = lastRoll.results?.[key]?.[i] ?? null;
      return { face, result, success: SUCCESSES.has(result) };
    });
    const need = lastRoll.needs?.[key];
    groups.push({ key, label, need: Number.isFinite(need) ? `${need}+` : null, dice,
                  summary: plural(dice.filter((die) => die.success).length, counts) });
  }
  const notes = [lastRoll.cover ? 'target in cover' : null, lastRoll.high_ground ? 'from high ground' : null].filter(Boolean);
  const wounds = lastRoll.wounds;
  const outcome = Number.isFinite(wounds) ? plural(wounds, ['wound', 'wounds']) : 'still rolling';
  const attack = lastRoll.attack_name ? `${lastRoll.attack_name} on ` : 'on ';
  return { title: `${modelName(models, lastRoll.attacker)}: ${attack}${modelName(models, lastRoll.target)}`, notes, groups, outcome };
}
