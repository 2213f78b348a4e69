// The list of tables and the form that opens a new one (a server that needs the club passphrase
// sends a device that has not joined to /join).

import { api, esc, lang, nameIn, onLanguageChange, randomId, rulesetName, startPage, t } from "./common.js";
import { tableName } from "./tournament.js";

async function showTables(list) {
  const tables = await api("/api/tables");
  list.innerHTML = tables.length ? tables.map((table) =>
    `<li><a href="/tables/${table.id}">${esc(tableName(table))}</a> — ` +
    `${esc(table.players.join(t("list_separator")))}<small>${esc(t("aside", {
      text: [rulesetName(table.ruleset), t("entries", { n: table.entries })].join(t("list_separator")) }))}</small></li>`)
    .join("") : `<li class="hint">${esc(t("no_tables"))}</li>`;
}

async function main() {
  await startPage("/tables");
  const list = document.querySelector(".table-list");
  const form = document.querySelector("form.new-table");
  const rulesets = await api("/api/rulesets");
  // The roster's names, offered as each player is typed: a player keeps one identity across tables.
  api("/api/players").then((people) => {
    form.querySelector("#known-players").innerHTML =
      people.map((person) => `<option value="${esc(person.name)}"></option>`).join("");
  }, () => {});
  const fillRulesets = () => {
    const select = form.elements.ruleset;
    const chosen = select.value || rulesets.find((r) => r.default)?.id;
    select.innerHTML = rulesets.map((r) => `<option value="${esc(r.id)}">${esc(nameIn(r.names))}</option>`).join("");
    select.value = chosen;
    fillPresets();
  };
  // The chosen ruleset's presets (house-rule files shipped with mjscore), none by default.
  const fillPresets = () => {
    const ruleset = rulesets.find((r) => r.id === form.elements.ruleset.value);
    form.elements.preset.innerHTML = `<option value="">${esc(t("no_preset"))}</option>` +
      (ruleset ? ruleset.presets : []).map((p) => `<option value="${esc(p)}">${esc(p)}</option>`).join("");
  };
  form.elements.ruleset.addEventListener("change", fillPresets);
  fillRulesets();
  onLanguageChange(() => { fillRulesets(); showTables(list); });
  // One id per table the form opens: a second tap or a retry while the first is on its way opens no
  // second table (the id changes once the form is edited).
  let requestId = randomId();
  form.addEventListener("input", () => { requestId = randomId(); });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const players = [...form.querySelectorAll("[name=player]")].map((input) => input.value);
    const stake = form.elements.stake.value.trim();  // empty: the ruleset's own stake
    try {
      const table = await api("/api/tables", { body: {
        players, name: form.elements.name.value, ruleset: form.elements.ruleset.value,
        house_rules: stake ? { stake } : {}, preset: form.elements.preset.value || null,
        base_money: form.elements.base_money.value, request_id: requestId,
        event: form.elements.event.value.trim() || null,
        session_hands: form.elements.session_hands.value ? Number(form.elements.session_hands.value) : null,
        session_minutes: form.elements.session_minutes.value ? Number(form.elements.session_minutes.value) : null } });
      location.href = `/tables/${table.id}`;
    } catch (problem) {
      form.querySelector(".error").textContent = problem.message;
    }
  });
  await showTables(list);
}

main();
