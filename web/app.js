// Lists the rulesets this server offers (GET /api/rulesets).
const status = document.getElementById("status");
const list = document.getElementById("rulesets");

function item(ruleset) {
  const li = document.createElement("li");
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = ruleset.name;
  const offers = ["playable", "builder", "odds", "balance", "rules"].filter((key) => ruleset[key]);
  const details = document.createElement("div");
  details.className = "offers";
  details.textContent = offers.join(" · ");
  li.append(name, ` — ${ruleset.summary}`, details);
  return li;
}

async function main() {
  try {
    const response = await fetch("/api/rulesets");
    const body = await response.json();
    if (!response.ok) throw new Error(`${body.error.where}: ${body.error.what}`);
    list.replaceChildren(...body.map(item));
    status.textContent = `${body.length} rulesets`;
  } catch (error) {
    status.className = "error";
    status.textContent = `Could not load the rulesets: ${error.message}`;
  }
}

main();
