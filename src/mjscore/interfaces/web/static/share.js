// Share a scored hand: a link that carries the hand (/hand?tiles=...&seat=S...; share_api.py) and
// the link's QR code, drawn by the server, so another phone at the table opens the same sheet.

import { api, esc, onLanguageChange, t } from "./common.js";

/** One of the share panel's words (the catalogue's ``share_`` labels) in the page's language. */
function label(key) {
  return t(`share_${key}`);
}

const style = Object.assign(document.createElement("link"), { rel: "stylesheet", href: "/static/share.css" });
document.head.append(style);

const panels = new WeakMap();  // panel -> the /api/share answer it shows, drawn again in a new language
onLanguageChange(() => { for (const panel of document.querySelectorAll(".share-panel")) if (panels.has(panel)) draw(panel); });

/** Show the link and QR code of `shared` (the /api/share answer) in `panel`. */
export function showShared(panel, shared) {
  panels.set(panel, shared);
  draw(panel);
}

function draw(panel) {
  const shared = panels.get(panel);
  panel.innerHTML = `<figure class="qr"><img src="${esc(shared.qr)}" alt="${esc(label("qr"))}" width="200" height="200">` +
    `<figcaption>${esc(label("qr"))}</figcaption></figure>` +
    `<label class="share-link">${esc(label("link"))} <input readonly value="${esc(shared.url)}"></label>` +
    `<p class="share-actions"><button type="button" class="copy">${esc(label("copy"))}</button>` +
    (navigator.share ? ` <button type="button" class="send">${esc(label("send"))}</button>` : "") + `</p>`;
  const input = panel.querySelector("input");
  panel.querySelector(".copy").addEventListener("click", async (event) => {
    input.select();
    // the clipboard API needs a secure context; elsewhere the selected link is copied the old way
    if (navigator.clipboard) await navigator.clipboard.writeText(shared.url);
    else document.execCommand("copy");
    event.target.textContent = label("copied");
  });
  panel.querySelector(".send")?.addEventListener("click", () => navigator.share({ title: "mjscore", url: shared.url }));
}

/** A "Share this hand" button at the end of `container`; `record()` gives the hand record to share.
 * The link shown is taken away when the score sheet in `container` (its `.sheet`) is drawn again:
 * the hand has changed. */
export function shareButton(container, record) {
  const box = document.createElement("div");
  box.className = "share";
  box.innerHTML = `<button type="button" class="share-button"></button><div class="share-panel" aria-live="polite"></div>`;
  const button = box.querySelector("button");
  const relabel = () => { button.textContent = label("share"); };
  relabel();
  onLanguageChange(relabel);
  const panel = box.querySelector(".share-panel");
  button.addEventListener("click", async () => {
    try {
      showShared(panel, await api("/api/share", { body: { hand: record() } }));
    } catch (problem) {
      panel.innerHTML = `<p class="error" role="alert">${esc(problem.message)}</p>`;
    }
  });
  const sheet = container.querySelector(".sheet");
  if (sheet) new MutationObserver(() => { panels.delete(panel); panel.replaceChildren(); }).observe(sheet, { childList: true });
  container.append(box);
}
