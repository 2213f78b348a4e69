// The club's tournaments, newest first (each links to its director's page, its projector and the
// players' view), and the form that starts a new one as `mjscore tournament new` does: its name,
// ruleset, players (one a line, an EMA number after a comma), rounds, how rounds are seated and
// empty seats filled, each table's session, and a seed. A refusal is one line in the page's language.

import { api, esc, lang, nameIn, onLanguageChange, rulesetName, startPage, t } from "./common.js";

/** The players typed, one a line: names, and the EMA numbers written after a comma. */
export function readPlayers(text) {
  const players = [];
  const ema = {};
  for (const line of text.split("\n")) {
    const [name, number] = line.split(/[,，]/).map((part) => part.trim());
    if (!name) continue;
    players.push(name);
    if (number) ema[name] = number;
  }
  return { players, ema };
}

async function main() {
  await startPage("/tournaments", { title: "nav_tournaments" });
  const list = document.querySelector(".tournament-list");
  const form = document.querySelector("form.new-tournament");
  const error = form.querySelector(".error");
  const rulesets = await api("/api/rulesets");
  let known = [];
  const showList = () => {
    list.innerHTML = known.length ? known.map((each) => {
      const base = `/tournaments/${encodeURIComponent(each.name)}`;
      return `<li><a href="${base}"><strong>${esc(each.name)}</strong></a>` +
        `<small>${esc(t("aside", { text: [rulesetName(each.ruleset), t("tournament_line", { players: each.players,
          seated: each.rounds_seated, planned: each.rounds_planned })].join(t("list_separator")) }))}</small>` +
        ` <a href="${base}/projector">${esc(t("tournament_screen"))}</a>` +
        ` <a href="${base}/screen">${esc(t("tournament_phones"))}</a></li>`;
    }).join("") : `<li class="hint">${esc(t("tournament_none"))}</li>`;
  };
  const showRulesets = () => {
    const select = form.elements.ruleset;
    const chosen = select.value || "mcr";
    select.innerHTML = rulesets.map((r) => `<option value="${esc(r.id)}">${esc(nameIn(r.names))}</option>`).join("");
    select.value = chosen;
  };
  const load = async () => {
    try {
      known = await api("/api/tournaments", { query: { lang: lang() } });
      showList();
    } catch (problem) {
      list.innerHTML = `<li class="error">${esc(problem.message)}</li>`;
    }
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const fields = form.elements;
    const { players, ema } = readPlayers(fields.players.value);
    const number = (field) => (field.value === "" ? null : Number(field.value));
    const body = { name: fields.name.value, players, ema, ruleset: fields.ruleset.value, rounds: Number(fields.rounds.value),
      method: fields.method.value, fill: fields.fill.value, session_hands: number(fields.session_hands),
      session_minutes: number(fields.session_minutes), ...(fields.seed.value.trim() ? { seed: fields.seed.value } : {}) };
    try {
      const made = await api("/api/tournaments", { body, query: { lang: lang() } });
      location.assign(`/tournaments/${encodeURIComponent(made.name)}`);
    } catch (problem) {
      error.textContent = problem.message;
    }
  });
  showRulesets();
  await load();
  onLanguageChange(() => {
    showRulesets();
    showList();
  });
}

main();
