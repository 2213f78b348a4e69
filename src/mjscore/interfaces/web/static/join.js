// Joining the club's table server: the passphrase (from the join link's #fragment, which never
// reaches the server's logs, or typed) and a name for this device, kept in the tables' log. The page
// asks for the name (whose phone is this?): a table takes a phone named as one of its players for
// that player's, so a made-up name would only hide it. A phone that joined before is named already,
// and its join link joins at once.

import { api, startPage } from "./common.js";

const DEVICE_KEY = "mjscore.device";

async function join(form) {
  const device = form.elements.device.value.trim();
  try {
    await api("/api/session", { body: { passphrase: form.elements.passphrase.value, device } });
    localStorage.setItem(DEVICE_KEY, device);
    location.replace("/tables");
  } catch (problem) {
    document.querySelector(".error").textContent = problem.message;
  }
}

async function main() {
  await startPage("/tables", { title: "join_page" });
  const form = document.querySelector("form.join");
  const known = localStorage.getItem(DEVICE_KEY) ?? "";
  if (!form.elements.device.value) form.elements.device.value = known;  // never over a name typed while the page loaded
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    join(form);
  });
  if (location.hash.length > 1) {
    form.elements.passphrase.value = decodeURIComponent(location.hash.slice(1));
    history.replaceState(null, "", "/join");  // the passphrase leaves the address bar
    if (known) {
      await join(form);
      return;
    }
  }
  document.querySelector(".ask-name").hidden = !!known;
  (form.elements.passphrase.value ? form.elements.device : form.elements.passphrase).focus();
}

main();
