// What the server says about its rulesets (GET /api/rulesets): titles, capabilities, document
// kinds, odds examples, default maps. The app keeps no table of its own about any ruleset; these
// helpers only read that list (pure functions, plus the cached fetch).
import { cached } from './api.js';

export function loadRulesets() {
  return cached('/api/rulesets');
}

// The title a ruleset gives itself, else its name.
export function rulesetTitle(rulesets, name) {
  return rulesets.find((r) => r.name === name)?.title ?? name;
}

// How many parts of the app a ruleset offers (play, build, odds, balance, rules).
export function offers(ruleset) {
  return ['playable', 'builder', 'odds', 'balance', 'rules'].filter((what) => ruleset[what]).length;
}

// The rulesets, the one the server suggests to newcomers first, then those that offer most (a
// stable sort: the server's order breaks ties).
export function byOffers(rulesets) {
  const rank = (ruleset) => (ruleset.suggested_first ? 100 : 0) + offers(ruleset);
  return [...rulesets].sort((a, b) => rank(b) - rank(a));
}

// Whether a ruleset's builder edits documents of this kind ("warband", "wizard", ...).
export function hasDocumentKind(ruleset, kind) {
  return (ruleset.documents ?? []).some((document) => document.kind === kind);
}

// The kinds of document a ruleset plays as a side (plays_as_side): its warbands, or its wizards
// where a wizard is the side. A saved one of these kinds may start a game.
export function sideKinds(ruleset) {
  return (ruleset.documents ?? []).filter((document) => document.plays_as_side);
}

// The heading over a player's saved sides in the new-game form: "Your warbands", "Your wizards".
export function savedSidesLabel(kinds) {
  return `Your ${kinds.map((kind) => `${(kind.title ?? kind.kind).toLowerCase()}s`).join(' and ')}`;
}

// The rulesets whose builder edits documents of this kind, those that offer most first.
export function withDocumentKind(rulesets, kind) {
  return byOffers(rulesets.filter((ruleset) => hasDocumentKind(ruleset, kind)));
}

// The ruleset a page works on: the one named (?ruleset=NAME) when it is among `candidates`, else
// the first candidate.
export function chooseRuleset(candidates, wanted) {
  return candidates.find((r) => r.name === wanted) ?? candidates[0] ?? null;
}

// A document kind's title and summary as the ruleset declares them.
export function documentKind(ruleset, kind) {
  return (ruleset?.documents ?? []).find((document) => document.kind === kind) ?? null;
}
