// A ruleset's award table: every award with its points, group, names, help and source row, each in
// the reader's language (the ruleset file's [groups] and [source_notes]).

import { api, esc, lang, nameIn, onLanguageChange, startPage, t } from "./common.js";

// Who pays whom in a table payment (the ruleset's `direction`), as a label of labels.json.
const DIRECTION_LABELS = { collect: "each", pay: "to_each", from_discarder: "from_discarder" };

/** An award's value: its points; under a ruleset valued by han and fu (riichi), the closed han and the
 * open ("2（1）", "1（門前のみ）") and a limit hand's count of limits ("1 役満"). */
function value(rules, a) {
  if (!rules.limit_hand_name) return String(a.points);
  if (a.limit_hand) return `${a.points} ${rules.limit_hand_name}`;
  if (a.open_points === null) return String(a.points);
  return `${a.points}${t("aside", { text: a.open_points ? String(a.open_points) : t("closed_only") })}`;
}

async function showTable(container, id) {
  const rules = await api(`/api/rulesets/${encodeURIComponent(id)}`, { query: { lang: lang() } });
  const rows = rules.awards.map((a) => `<tr${a.enabled ? "" : ' class="off"'}><td>${esc(a.name)}` +
    `${a.enabled ? "" : ` <small>${esc(t("aside", { text: t("off") }))}</small>`}<br><small class="hint">${esc(a.help)}</small></td>` +
    `<td class="num">${esc(value(rules, a))}</td><td>${esc(a.group_name ?? "")}</td><td><small>${esc(a.source_note)}</small></td></tr>`).join("");
  // A table valued by han and fu heads its values with its unit and the open hand's (翻（鳴き）).
  const heading = rules.limit_hand_name ? `${t(`unit_${rules.unit}`)}${t("aside", { text: t("col_open") })}` : t("points");
  const payments = rules.table_payments.map((p) => `<li><b>${esc(p.name)}</b>: ` +
    `${esc(t(DIRECTION_LABELS[p.direction], { amount: p.amount_each }))} <small class="hint">${esc(p.help)}</small></li>`).join("");
  container.innerHTML = `<p>${esc(rules.name)} — ${esc(rules.version_name)}</p>` +
    `<table class="awards"><thead><tr><th scope="col">${esc(t("award"))}</th><th scope="col" class="num">` +
    `${esc(heading)}</th><th scope="col">${esc(t("group"))}</th><th scope="col">${esc(t("source"))}</th></tr></thead>` +
    `<tbody>${rows}<tr><td>${esc(rules.base_name)}</td><td class="num">${rules.base}</td><td></td><td></td></tr></tbody></table>` +
    (payments ? `<h3>${esc(t("table_payments"))}</h3><ul>${payments}</ul>` : "");
}

async function main() {
  await startPage("/rulesets");
  const select = document.querySelector("[name=ruleset]");
  const container = document.querySelector(".award-table");
  const rulesets = await api("/api/rulesets");
  const fill = () => {
    const chosen = select.value || new URLSearchParams(location.search).get("id") || rulesets.find((r) => r.default)?.id;
    select.innerHTML = rulesets.map((r) => `<option value="${esc(r.id)}">${esc(nameIn(r.names))}</option>`).join("");
    select.value = chosen;
    showTable(container, chosen);
  };
  select.addEventListener("change", () => {
    history.replaceState(null, "", `?id=${encodeURIComponent(select.value)}`);
    showTable(container, select.value);
  });
  onLanguageChange(fill);
  fill();
}

main();
