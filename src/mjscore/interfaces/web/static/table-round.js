// A tournament's table named in the page's language on its own page (第 2 轮第 1 桌, not "Round 2,
// table 1" on a Chinese page): the table's title, written by table.js as "NAME · RULESET", gets the
// round's name in place of NAME whenever it is written (at each redraw, in each language).

import { api, t } from "./common.js";

async function main() {
  const title = document.getElementById("table-title");
  const tableId = Number(location.pathname.split("/").at(-1));
  let found;
  try {
    found = (await api(`/api/tables/${tableId}/round`)).round;
  } catch {
    return;  // no network, no such table: table.js says so; its title stays as written
  }
  if (!found) return;
  const rename = () => {
    const [, ...rest] = title.textContent.split(" · ");
    if (!rest.length) return;
    const wanted = [t("tournament_round_table", { round: found.round, n: found.number }), ...rest].join(" · ");
    if (title.textContent !== wanted) title.textContent = wanted;
  };
  new MutationObserver(rename).observe(title, { childList: true, characterData: true, subtree: true });
  rename();
}

main();
