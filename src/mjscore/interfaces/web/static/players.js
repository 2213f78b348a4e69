// The club's roster: every person with the names they played under, their tables and their club
// rating (OpenSkill, with its uncertainty: the figures of `mjscore ratings`); renaming a
// player, and merging two entries of the same person (the tables keep the names they were played
// under; the roster keeps a log of every change).

import { api, esc, onLanguageChange, startPage, t } from "./common.js";

let people = [];
/** Each rated person's rating, by their id. */
let ratings = new Map();

function render(root) {
  root.querySelector(".roster").innerHTML = people.length ? people.map((person) => {
    const also = person.names.filter((name) => name !== person.name);
    return `<li data-person="${person.id}"><strong>${esc(person.name)}</strong> <small>#${person.id}` +
      (also.length ? ` · ${esc(t("also_known", { names: also.join(", ") }))}` : "") +
      ` · ${esc(t("n_tables", { n: person.tables.length }))}` +
      (ratings.has(person.id) ? ` · <span class="rating">${esc(t("rating_line", ratings.get(person.id)))}</span>` : "") +
      "</small></li>";
  }).join("") : `<li class="hint">${esc(t("no_players"))}</li>`;
  const options = people.map((person) => `<option value="#${person.id}">${esc(person.name)}</option>`).join("");
  for (const select of root.querySelectorAll("select")) {
    const chosen = select.value;
    select.innerHTML = options;
    if (chosen) select.value = chosen;
  }
}

async function load(root) {
  const [found, rated] = await Promise.all([api("/api/players"), api("/api/ratings")]);
  people = found;
  ratings = new Map(rated.map((line) => [line.id, line]));
  render(root);
}

/** Send a change; show its one-line refusal, or reload the roster. */
async function change(root, path, body) {
  root.querySelector(".error").textContent = "";
  root.querySelector("[role=status]").textContent = "";
  try {
    await api(path, { body });
  } catch (problem) {
    root.querySelector(".error").textContent = problem.message;
    return false;
  }
  await load(root);
  root.querySelector("[role=status]").textContent = t("done");
  return true;
}

async function main() {
  await startPage("/players");
  const root = document.querySelector("main");
  const rename = root.querySelector("form.rename");
  const merge = root.querySelector("form.merge");
  rename.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (await change(root, "/api/players/rename", { player: rename.elements.player.value, name: rename.elements.name.value })) {
      rename.elements.name.value = "";
    }
  });
  merge.addEventListener("submit", async (event) => {
    event.preventDefault();
    await change(root, "/api/players/merge", { keep: merge.elements.keep.value, merge: merge.elements.merge.value });
  });
  onLanguageChange(() => render(root));
  await load(root);
}

main();
