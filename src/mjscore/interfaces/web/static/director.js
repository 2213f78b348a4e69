// A tournament's director, on a laptop: seat the next round (once the one before is over), give a
// penalty, drop a player, enter a late one, cut to the top N, and watch which tables are over (each
// links to its page) and the standings. The page asks again every few seconds; a refusal (a round
// still being played, a cut inside a tie) is said in one line.

import { api, esc, onLanguageChange, startPage } from "./common.js";
import { renderTournament } from "./tournament.js";

/** How often the page asks again, in milliseconds. */
const REFRESH = 5000;

async function main() {
  await startPage("/standings");
  const root = document.querySelector("main");
  const name = decodeURIComponent(location.pathname.split("/")[2] ?? "");
  const path = `/api/tournaments/${encodeURIComponent(name)}`;
  root.querySelector(".screen-link").href = `/tournaments/${encodeURIComponent(name)}/screen`;
  const error = root.querySelector(".error");
  const penalty = root.querySelector("form.penalty");
  const drop = root.querySelector("form.drop");
  const enter = root.querySelector("form.enter");
  const cut = root.querySelector("form.cut");
  let data = null;
  const choose = (select, lines) => {
    const chosen = select.value;
    select.innerHTML = lines.map((line) => `<option value="${esc(line.name)}">${esc(line.name)}</option>`).join("");
    if (chosen) select.value = chosen;
  };
  const show = (answer) => {
    data = answer;
    renderTournament(root, data, { links: true });
    choose(penalty.elements.player, data.standings);
    choose(drop.elements.player, data.standings.filter((line) => !line.dropped));
  };
  const act = async (call) => {
    try {
      show(await call());
      error.textContent = "";
    } catch (problem) {
      error.textContent = problem.message;
    }
  };
  root.querySelector("form.seat").addEventListener("submit", (event) => {
    event.preventDefault();
    const method = event.target.elements.method.value;
    act(() => api(`${path}/rounds`, { body: method ? { method } : {} }));
  });
  penalty.addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target.elements;
    act(() => api(`${path}/penalties`, {
      body: { player: form.player.value, points: Number(form.points.value), reason: form.reason.value },
    }).then((answer) => {
      penalty.reset();
      return answer;
    }));
  });
  drop.addEventListener("submit", (event) => {
    event.preventDefault();
    act(() => api(`${path}/drops`, { body: { player: drop.elements.player.value } }));
  });
  enter.addEventListener("submit", (event) => {
    event.preventDefault();
    const form = enter.elements;
    act(() => api(`${path}/entries`, { body: { player: form.player.value, ...(form.ema.value ? { ema: form.ema.value } : {}) } })
      .then((answer) => {
        enter.reset();
        return answer;
      }));
  });
  cut.addEventListener("submit", (event) => {
    event.preventDefault();
    act(() => api(`${path}/cut`, { body: { size: Number(cut.elements.size.value) } }));
  });
  await act(() => api(path));
  setInterval(() => api(path).then(show, () => {}), REFRESH);
  onLanguageChange(() => data && show(data));
}

main();
