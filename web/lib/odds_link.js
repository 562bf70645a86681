// An odds query as the address's parameters, so a link reproduces it: #/odds/RULESET?q=a-cast&
// acti=6&boost=1, and a second query compared beside it under "b." (b.q=a-cast&b.acti=8).
// Pure functions (no DOM), tested in tests/web/odds_link.test.mjs.

const PREFIXES = ['', 'b.'];

// "An attack between two units" → "an-attack-between-two-units".
export function questionSlug(title) {
  return String(title).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

// One query: {question: slug, args: {name: value}, samples, seed} → parameters with `prefix`.
function writeQuery(params, prefix, query) {
  if (query.question) params.set(`${prefix}q`, query.question);
  for (const [name, value] of Object.entries(query.args ?? {})) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    params.set(`${prefix}${name}`, value === true ? 'true' : String(value));
  }
  if (query.samples) params.set(`${prefix}samples`, String(query.samples));
  if (query.seed !== undefined && query.seed !== 1) params.set(`${prefix}seed`, String(query.seed));
}

// The queries (one, or two compared) as the text after "?" of the address.
export function encodeQueries(queries) {
  const params = new URLSearchParams();
  queries.slice(0, PREFIXES.length).forEach((query, i) => writeQuery(params, PREFIXES[i], query));
  return params.toString();
}

// The queries a link holds: [] when it holds none (the page then opens on the ruleset's example).
export function decodeQueries(params) {
  const queries = [];
  PREFIXES.forEach((prefix, i) => {
    const query = { question: '', args: {}, samples: 0, seed: 1 };
    let found = false;
    for (const [key, value] of params) {
      const own = prefix ? key.startsWith(prefix) : !PREFIXES.some((p) => p && key.startsWith(p));
      if (!own) continue;
      found = true;
      const name = key.slice(prefix.length);
      if (name === 'q') query.question = value;
      else if (name === 'samples') query.samples = Math.max(0, Number.parseInt(value, 10) || 0);
      else if (name === 'seed') query.seed = Math.max(0, Number.parseInt(value, 10) || 0);
      else query.args[name] = value;
    }
    if (found && (i === 0 || queries.length === 1)) queries.push(query);
  });
  return queries;
}
