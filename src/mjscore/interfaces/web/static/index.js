// The scoring page: the tile picker and, beside it, the score sheet of the hand it describes (or,
// before the winning tile is picked, the tiles the hand waits on), and the hand's analysis.

import { analysisUpdater } from "./analysis.js";
import { api, onLanguageChange, startPage } from "./common.js";
import { Picker } from "./picker.js";
import { shareButton } from "./share.js";
import { sheetUpdater } from "./sheet.js";

async function main() {
  await startPage("/");
  let update = () => {};  // the picker calls back while it is being built, before there is a sheet
  const rulesets = await api("/api/rulesets");
  const picker = new Picker(document.querySelector("#picker .picker"), { onChange: () => update(), rulesets });
  const sheet = sheetUpdater(document.querySelector("#sheet .sheet"), picker);
  const section = document.getElementById("analysis");
  const details = section.querySelector("details");
  const analysis = analysisUpdater(section.querySelector(".analysis"), picker, details);
  // Beside the hand on a wide screen, open; under the hand on a phone, its one line opening the table.
  const wide = matchMedia("(min-width: 60rem)");
  const place = () => {
    if (wide.matches) {
      if (section.parentElement !== document.querySelector(".side")) document.querySelector(".side").prepend(section);
      details.open = true;
    } else {
      const hand = picker.root.querySelector(".hand");
      if (hand && hand.nextElementSibling !== section) hand.after(section);
    }
  };
  wide.addEventListener("change", () => {
    details.open = wide.matches;
    place();
  });
  update = () => {
    place();
    sheet();
    analysis();
  };
  shareButton(document.getElementById("sheet"), () => picker.record());
  onLanguageChange(() => update());
  update();
}

main();
