// A builder's catalogs: the operations that list what a document may hold (the shipped
// characters, the profiles, the cards) as GET /api/build declares them: no document kind and
// nothing to fill in. An option's help names the one to read ("a profile's name (see
// `profiles`)"), so a document page shows them beside its forms. Pure functions (no DOM), tested
// in tests/web/catalogs.test.mjs.

// The operations of `builder` ({operations}) that take no document and no option.
export function catalogOperations(builder) {
  return (builder?.operations ?? []).filter((op) => !op.kind && !(op.options ?? []).length);
}

// The catalogs the options of `operations` name in their help ("(see `cards`)"), in the order
// named; catalogs no option names follow, so that every one is reachable.
export function catalogsFor(operations, catalogs) {
  const named = [];
  for (const operation of operations ?? [])
    for (const option of operation.options ?? [])
      for (const match of String(option.help ?? '').matchAll(/`([a-z0-9-]+)`/g)) {
        const catalog = catalogs.find((c) => c.name === match[1]);
        if (catalog && !named.includes(catalog)) named.push(catalog);
      }
  return [...named, ...catalogs.filter((c) => !named.includes(c))];
}
