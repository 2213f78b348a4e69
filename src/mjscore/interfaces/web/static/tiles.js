// Tiles drawn as SVG, the way they look on a table: the same picture on every device, no font of
// mahjong symbols needed (only the CJK characters that real tiles carry). tileSvg(code) returns the
// markup of one tile; codes are the notation's: 5m, 7p, 3s, E S W N, P F C, 1f-8f.

const W = 60;
const H = 80;
const CJK = "'WenQuanYi Micro Hei','Noto Sans CJK SC','Noto Sans CJK TC','PingFang SC','Microsoft YaHei',sans-serif";
const NUMERALS = "一二三四五六七八九";
const HONOURS = { E: ["東", "#1c2a4a"], S: ["南", "#1c2a4a"], W: ["西", "#1c2a4a"], N: ["北", "#1c2a4a"],
  C: ["中", "#c62828"], F: ["發", "#1b7a3a"] };
const BONUS = [["梅", "#c2185b"], ["蘭", "#6a1b9a"], ["菊", "#e65100"], ["竹", "#1b7a3a"],
  ["春", "#1b7a3a"], ["夏", "#c62828"], ["秋", "#e65100"], ["冬", "#1565c0"]];
const RED = "#c62828";
const GREEN = "#1b7a3a";
const BLUE = "#1565c0";

// Circle tiles: [x, y, radius, colour] of each dot.
const DOTS = {
  2: [[30, 24, 11, GREEN], [30, 56, 11, BLUE]],
  3: [[16, 18, 8, BLUE], [30, 40, 8, RED], [44, 62, 8, GREEN]],
  4: [[18, 24, 9, BLUE], [42, 24, 9, GREEN], [18, 56, 9, GREEN], [42, 56, 9, BLUE]],
  5: [[17, 19, 8, BLUE], [43, 19, 8, GREEN], [30, 40, 8, RED], [17, 61, 8, GREEN], [43, 61, 8, BLUE]],
  6: [[18, 18, 8, GREEN], [42, 18, 8, GREEN], [18, 40, 8, RED], [42, 40, 8, RED], [18, 62, 8, RED], [42, 62, 8, RED]],
  7: [[14, 13, 6.5, GREEN], [30, 21, 6.5, GREEN], [46, 29, 6.5, GREEN],
    [19, 47, 7, RED], [41, 47, 7, RED], [19, 65, 7, RED], [41, 65, 7, RED]],
  8: [18, 42].flatMap((x) => [13, 31, 49, 67].map((y) => [x, y, 7, BLUE])),
  9: [14, 30, 46].flatMap((x, i) => [16, 40, 64].map((y) => [x, y, 7, [BLUE, RED, GREEN][i]])),
};

// Bamboo tiles: [x, y, colour] of the centre of each stick.
const STICKS = {
  2: [[30, 24, GREEN], [30, 56, BLUE]],
  3: [[30, 24, BLUE], [18, 56, GREEN], [42, 56, GREEN]],
  4: [[18, 24, BLUE], [42, 24, GREEN], [18, 56, GREEN], [42, 56, BLUE]],
  5: [[16, 22, GREEN], [44, 22, BLUE], [30, 40, RED], [16, 58, BLUE], [44, 58, GREEN]],
  6: [14, 30, 46].flatMap((x) => [[x, 24, GREEN], [x, 56, BLUE]]),
  7: [[30, 16, RED], ...[14, 30, 46].flatMap((x) => [[x, 40, GREEN], [x, 64, GREEN]])],
  8: [12, 24, 36, 48].flatMap((x) => [[x, 24, GREEN], [x, 56, BLUE]]),
  9: [14, 30, 46].flatMap((x, i) => [16, 40, 64].map((y) => [x, y, i === 1 ? RED : GREEN])),
};

function text(x, y, size, colour, chars, weight = 700) {
  return `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${colour}" ` +
    `text-anchor="middle" dominant-baseline="central" font-family="${CJK}">${chars}</text>`;
}

function dot([x, y, r, colour]) {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="#fbf8ef"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.28}" fill="${colour}"/>`;
}

function stick([x, y, colour]) {
  return `<rect x="${x - 3.5}" y="${y - 9}" width="7" height="18" rx="3" fill="${colour}"/>` +
    `<rect x="${x - 3.5}" y="${y - 1}" width="7" height="2" fill="#fbf8ef" opacity="0.8"/>`;
}

// The small number of a bonus tile: the seat it belongs to (1 East ... 4 North).
function corner(rank) {
  return `<text x="8" y="11" font-size="10" font-weight="700" fill="#555" text-anchor="middle" ` +
    `dominant-baseline="central" font-family="sans-serif">${rank}</text>`;
}

function face(code) {
  if (code in HONOURS) {
    const [chars, colour] = HONOURS[code];
    return text(W / 2, H / 2 + 1, 40, colour, chars);
  }
  if (code === "P") {
    return `<rect x="13" y="15" width="34" height="50" rx="3" fill="none" stroke="${BLUE}" stroke-width="4"/>` +
      `<rect x="19" y="21" width="22" height="38" rx="2" fill="none" stroke="${BLUE}" stroke-width="1.5"/>`;
  }
  const rank = Number(code[0]);
  const suit = code[1];
  if (suit === "m") {
    return text(W / 2, 24, 28, "#1c2a4a", NUMERALS[rank - 1]) + text(W / 2, 57, 30, RED, "萬");
  }
  if (suit === "p") {
    return (rank === 1 ? dot([30, 40, 19, RED]) + `<circle cx="30" cy="40" r="14" fill="none" ` +
      `stroke="${GREEN}" stroke-width="2"/>` : DOTS[rank].map(dot).join(""));
  }
  if (suit === "s") {
    if (rank === 1) {  // the bird of the one of bamboo, drawn as one tall stick with a red crest
      return `<rect x="25" y="22" width="10" height="44" rx="4" fill="${GREEN}"/>` +
        `<rect x="25" y="42" width="10" height="3" fill="#fbf8ef" opacity="0.8"/>` +
        `<circle cx="30" cy="17" r="7" fill="${RED}"/>`;
    }
    return STICKS[rank].map(stick).join("");
  }
  const [chars, colour] = BONUS[rank - 1];
  return corner(((rank - 1) % 4) + 1) + text(W / 2, H / 2 + 1, 34, colour, chars);
}

/** The SVG markup of one tile; `label` is its accessible name (the tile's name in the page's language). */
export function tileSvg(code, label = code) {
  return `<svg class="tile-face" viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}">` +
    `<title>${label}</title>` +
    `<rect x="1" y="3" width="${W - 2}" height="${H - 4}" rx="7" fill="#d8cfb8"/>` +
    `<rect x="1" y="1" width="${W - 2}" height="${H - 5}" rx="7" fill="#fbf8ef" stroke="#9c927c" stroke-width="1.5"/>` +
    face(code) + `</svg>`;
}
