// A tournament on the projector: the whole screen, no site menu, type to read from the back of the
// room. A bar with the tournament's name, the round and its clock (the time left of the round's
// time limit, counted from when its tables were opened by the server's clock, or the time played);
// below it the round's seating, a card a table, then the standings, in columns. What does not fit
// on the screen is cut into pages, measured on the screen itself, and the page turns by itself
// every few seconds (?every=SECONDS), so every table and every place of a large field is shown.
// The page asks again every few seconds and follows the rounds by itself.

import { api, esc, lang, LANGS, onLanguageChange, startPage, t } from "./common.js";
import { points, seatName, signed } from "./tournament.js";

/** How often the page asks again, and turns, in milliseconds. */
const REFRESH = 5000;
const EVERY = Math.max(1, Number(new URLSearchParams(location.search).get("every")) || 10) * 1000;
/** The standings columns the projector shows (hands won are left to the other pages). */
const HEAD = ["place", "player", "table_points", "score_total", "penalties"];

const root = document.querySelector("main");
const page = root.querySelector(".page");
let data = null;
let offset = 0;  // the server's clock less this computer's, in milliseconds
let pages = [];
let shown = 0;

function overflows(element) {
  return element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;
}

function card(table) {
  return `<article class="card${table.over ? " over" : ""}" data-table="${table.number}">` +
    `<h3>${esc(t("tournament_table", { n: table.number }))}${table.over ? esc(t("aside", { text: t("table_over") })) : ""}</h3>` +
    table.seats.map((seat) => `<p><span class="wind">${esc(t(`seat_${seat.wind}`))}</span> ${esc(seatName(seat))}</p>`).join("") +
    "</article>";
}

function row(line) {
  return `<tr${line.dropped ? ' class="dropped"' : ""} data-place="${line.place}"><td class="num">${line.tied ? "=" : ""}${line.place}</td>` +
    `<th scope="row">${esc(line.name)}</th><td class="num">${points(line.table_points)}</td>` +
    `<td class="num">${signed(line.score)}</td><td class="num">${line.penalties ? `-${line.penalties}` : "0"}</td></tr>`;
}

function column() {
  page.style.setProperty("--columns", String(page.querySelectorAll("table").length + 1));
  const table = document.createElement("table");
  table.innerHTML = `<thead><tr>${HEAD.map((key) => `<th class="${key === "player" ? "" : "num"}">${esc(t(key))}</th>`).join("")}` +
    "</tr></thead><tbody></tbody>";
  page.append(table);
  return table.tBodies[0];
}

/** The seating cut into pages of cards that fit the screen. */
function seatingPages(tables) {
  const found = [];
  let start = 0;
  while (start < tables.length) {
    page.style.setProperty("--columns", "1");
    page.innerHTML = '<div class="cards"></div>';
    const cards = page.firstChild;
    let end = start;
    while (end < tables.length) {
      cards.insertAdjacentHTML("beforeend", card(tables[end]));
      if (overflows(page) && end > start) {
        cards.lastChild.remove();
        break;
      }
      end += 1;
    }
    found.push({ kind: "seating", tables: tables.slice(start, end) });
    start = end;
  }
  return found;
}

/** The standings cut into pages of columns that fit the screen. */
function standingsPages(lines) {
  const found = [];
  let start = 0;
  while (start < lines.length) {
    page.innerHTML = "";
    page.style.setProperty("--columns", "1");
    const columns = [[]];
    let body = column();
    let next = start;
    while (next < lines.length) {
      body.insertAdjacentHTML("beforeend", row(lines[next]));
      if (!overflows(page)) {
        columns.at(-1).push(lines[next]);
        next += 1;
        continue;
      }
      body.lastChild.remove();
      if (!columns.at(-1).length) break;  // a column with no room for a line: the page is full
      body = column();
      if (overflows(page)) {  // no room for another column
        body.parentElement.remove();
        break;
      }
      columns.push([]);
    }
    if (next === start) {  // a line that fits nowhere is shown all the same, never lost
      columns[0].push(lines[next]);
      next += 1;
    }
    found.push({ kind: "standings", columns: columns.filter((c) => c.length) });
    start = next;
  }
  return found;
}

function paginate() {
  if (!data) return;
  const title = root.querySelector(".board-title");
  title.textContent = data.round ? t("tournament_round", { n: data.round.number }) : "";  // measured as drawn
  const seating = seatingPages(data.round ? data.round.tables : []);
  title.textContent = t("standings_after", { n: data.standings_after });
  pages = [...seating, ...standingsPages(data.standings)];
  shown %= pages.length || 1;
  draw();
}

function draw() {
  const current = pages[shown];
  if (!current) return;
  page.innerHTML = "";
  page.style.setProperty("--columns", "1");
  if (current.kind === "seating") {
    root.querySelector(".board-title").textContent = t("tournament_round", { n: data.round.number });
    page.innerHTML = `<div class="cards">${current.tables.map(card).join("")}</div>`;
  } else {
    root.querySelector(".board-title").textContent = t("standings_after", { n: data.standings_after });
    for (const lines of current.columns) column().innerHTML = lines.map(row).join("");
  }
  root.querySelector(".pager").textContent = pages.length > 1 ? `${shown + 1} / ${pages.length}` : "";
}

function clock() {
  const shownClock = root.querySelector(".clock");
  if (!data || !data.round || !data.round.opened_at) {
    shownClock.textContent = "";
    return;
  }
  const now = Date.now() + offset;
  const opened = Date.parse(data.round.opened_at);
  const format = (ms) => {
    const seconds = Math.max(0, Math.floor(ms / 1000));
    const h = Math.floor(seconds / 3600);
    const mm = String(Math.floor((seconds % 3600) / 60)).padStart(h ? 2 : 1, "0");
    const ss = String(seconds % 60).padStart(2, "0");
    return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
  };
  if (data.session_minutes) {
    const left = opened + data.session_minutes * 60000 - now;
    shownClock.textContent = left > 0 ? t("projector_left", { time: format(left) }) : t("projector_time_up");
    shownClock.classList.toggle("up", left <= 0);
  } else {
    shownClock.textContent = t("projector_played", { time: format(now - opened) });
  }
}

function show(answer) {
  data = answer;
  offset = Date.parse(answer.now) - Date.now();
  root.querySelector(".name").textContent = data.name;
  root.querySelector(".round-title").textContent = data.round
    ? t("tournament_round", { n: data.round.number }) : t("projector_no_round");
  clock();
  paginate();
}

async function main() {
  const asked = new URLSearchParams(location.search).get("lang");  // the director's link says the page's language
  if (LANGS.some(([code]) => code === asked)) localStorage.setItem("mjscore.lang", asked);
  await startPage("/tournaments", { title: "nav_tournaments", bare: true });
  const name = decodeURIComponent(location.pathname.split("/")[2] ?? "");
  const full = root.querySelector("button.full");
  full.hidden = !document.fullscreenEnabled;
  full.addEventListener("click", () => document.documentElement.requestFullscreen().catch(() => {}));
  document.addEventListener("fullscreenchange", () => {
    full.hidden = Boolean(document.fullscreenElement);
  });
  const load = async () => {
    try {
      show(await api(`/api/tournaments/${encodeURIComponent(name)}`, { query: { lang: lang() } }));
      root.querySelector(".error").textContent = "";
    } catch (problem) {
      root.querySelector(".error").textContent = problem.message;
    }
  };
  await load();
  setInterval(load, REFRESH);
  setInterval(clock, 1000);
  setInterval(() => {
    if (pages.length > 1) {
      shown = (shown + 1) % pages.length;
      draw();
    }
  }, EVERY);
  window.addEventListener("resize", paginate);
  onLanguageChange(() => data && show(data));
}

main();
