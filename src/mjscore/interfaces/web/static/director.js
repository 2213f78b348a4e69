// A tournament's director, on a laptop: seat the next round (once the one before is over; not once
// every round planned is seated), give a penalty, drop a player, reinstate one, enter a late one,
// cut to the top N, watch which tables are over (each links to its page) and the standings, and
// download the standings after any round and the EMA results file. The page asks again every few
// seconds; a refusal (a round still being played, a cut inside a tie) is said in one line, in the
// page's language.

import { api, esc, lang, onLanguageChange, startPage, t } from "./common.js";
import { renderTournament } from "./tournament.js";

/** How often the page asks again, in milliseconds. */
const REFRESH = 5000;

async function main() {
  await startPage("/tournaments", { title: "nav_tournaments" });
  const root = document.querySelector("main");
  const name = decodeURIComponent(location.pathname.split("/")[2] ?? "");
  const path = `/api/tournaments/${encodeURIComponent(name)}`;
  const projector = () => {
    root.querySelector(".projector-link").href = `/tournaments/${encodeURIComponent(name)}/projector?lang=${lang()}`;
  };
  projector();
  root.querySelector(".screen-link").href = `/tournaments/${encodeURIComponent(name)}/screen`;
  const error = root.querySelector(".error");
  const seat = root.querySelector("form.seat");
  const allSeated = root.querySelector(".all-seated");
  const penalty = root.querySelector("form.penalty");
  const drop = root.querySelector("form.drop");
  const reinstate = root.querySelector("form.reinstate");
  const enter = root.querySelector("form.enter");
  const cut = root.querySelector("form.cut");
  const after = root.querySelector(".downloads select[name=after]");
  const standingsLink = root.querySelector(".download-standings");
  root.querySelector(".download-ema").href = `${path}/ema.csv?lang=${lang()}`;
  let data = null;
  const choose = (select, names) => {
    const chosen = select.value;
    select.innerHTML = names.map((n) => `<option value="${esc(n)}">${esc(n)}</option>`).join("");
    if (names.includes(chosen)) select.value = chosen;
  };
  const link = () => {
    standingsLink.href = `${path}/standings.csv?after=${after.value || 0}&lang=${lang()}`;
  };
  const show = (answer) => {
    data = answer;
    renderTournament(root, data, { links: true });
    const left = data.rounds_seated < data.rounds_planned;
    seat.hidden = !left;  // no "seat the next round" once every round planned is seated
    allSeated.hidden = left;
    allSeated.textContent = t("tournament_all_seated", { n: data.rounds_planned });
    choose(penalty.elements.player, data.standings.map((line) => line.name));
    choose(drop.elements.player, data.standings.filter((line) => !line.dropped).map((line) => line.name));
    const dropped = data.standings.filter((line) => line.dropped).map((line) => line.name);
    choose(reinstate.elements.player, dropped);
    reinstate.hidden = !dropped.length;
    const rounds = Array.from({ length: data.standings_after + 1 }, (_, n) => n);
    const shown = after.value === "" ? String(data.standings_after) : after.value;
    after.innerHTML = rounds.map((n) => `<option value="${n}">${esc(t("standings_after", { n }))}</option>`).join("");
    after.value = rounds.includes(Number(shown)) ? shown : String(data.standings_after);
    link();
  };
  const act = async (call) => {
    try {
      show(await call());
      error.textContent = "";
    } catch (problem) {
      error.textContent = problem.message;
    }
  };
  const send = (to, body) => api(`${path}/${to}`, { body, query: { lang: lang() } });
  after.addEventListener("change", link);
  seat.addEventListener("submit", (event) => {
    event.preventDefault();
    const method = event.target.elements.method.value;
    act(() => send("rounds", method ? { method } : {}));
  });
  penalty.addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target.elements;
    act(() => send("penalties", { player: form.player.value, points: Number(form.points.value), reason: form.reason.value })
      .then((answer) => {
        penalty.reset();
        return answer;
      }));
  });
  drop.addEventListener("submit", (event) => {
    event.preventDefault();
    act(() => send("drops", { player: drop.elements.player.value }));
  });
  reinstate.addEventListener("submit", (event) => {
    event.preventDefault();
    act(() => send("reinstatements", { player: reinstate.elements.player.value }));
  });
  enter.addEventListener("submit", (event) => {
    event.preventDefault();
    const form = enter.elements;
    act(() => send("entries", { player: form.player.value, ...(form.ema.value ? { ema: form.ema.value } : {}) })
      .then((answer) => {
        enter.reset();
        return answer;
      }));
  });
  cut.addEventListener("submit", (event) => {
    event.preventDefault();
    act(() => send("cut", { size: Number(cut.elements.size.value) }));
  });
  const load = () => api(path, { query: { lang: lang() } });
  await act(load);
  setInterval(() => load().then(show, () => {}), REFRESH);
  onLanguageChange(() => {
    projector();
    root.querySelector(".download-ema").href = `${path}/ema.csv?lang=${lang()}`;
    if (data) show(data);
  });
}

main();
