// A shared hand (/hand?tiles=...; share_api.py): the hand the link carries, scored, with the link
// and its QR code to pass it on.

import { api, esc, lang, onLanguageChange, startPage, t } from "./common.js";
import { showShared } from "./share.js";
import { scoreSheet } from "./sheet.js";

function problem(message) {
  return `<p class="error" role="alert">${esc(message)}</p>`;
}

async function main() {
  await startPage("/", { title: "share_title" });
  const root = document.getElementById("shared");
  const title = () => { root.querySelector("h2").textContent = t("share_title"); };
  title();
  let shared;
  try {
    shared = await api("/api/share", { query: { query: location.search } });
  } catch (error) {
    root.querySelector(".sheet").innerHTML = problem(error.message);
    return;
  }
  root.querySelector(".notation code").textContent = new URLSearchParams(location.search).get("tiles");
  const sheet = async () => {
    try {
      const result = await api("/api/score", { body: { hand: shared.hand }, query: { lang: lang() } });
      root.querySelector(".sheet").innerHTML = scoreSheet(result.sheet);
    } catch (error) {
      root.querySelector(".sheet").innerHTML = problem(error.message);
    }
  };
  onLanguageChange(() => { title(); sheet(); });
  await sheet();
  showShared(root.querySelector(".share-panel"), shared);
}

main();
