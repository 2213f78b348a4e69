// Small SVG charts drawn from numbers, for the statistics page: a line chart (each player's balance
// over the evening), horizontal bars (award frequencies) and vertical bars (the distribution of
// totals). Each returns SVG markup that scales to the width of its container; nothing is fetched.

import { esc } from "./common.js";

/** The colours of the lines and bars, one per player (a table has four; more repeat). */
export const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];
const WIDTH = 360;

/** Round numbers for an axis that covers `low` to `high`: about `count` steps of 1, 2 or 5 times a power of ten. */
export function ticks(low, high, count = 5) {
  if (low === high) { low -= 1; high += 1; }
  const raw = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const found = [];
  const last = Math.ceil(high / step) * step;
  for (let value = Math.floor(low / step) * step; value <= last + step / 1e6; value += step) {
    found.push(Number((Math.round(value / power) * power).toPrecision(12)));
  }
  return found;
}

function svg(height, label, body) {
  return `<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${esc(label)}">` +
    `<title>${esc(label)}</title>${body}</svg>`;
}

/**
 * Lines over numbered points: `xs` are the labels of the points (e.g. entry numbers), `series` is
 * [{name, values}] with one value per point. Zero gets a line of its own.
 */
export function lineChart(xs, series, { label, xLabel = "", yLabel = "" }) {
  const height = 220;
  const [left, right, top, bottom] = [44, 10, 12, 40];
  const values = series.flatMap((s) => s.values).concat(0);
  const axis = ticks(Math.min(...values), Math.max(...values));
  const [low, high] = [axis[0], axis[axis.length - 1]];
  const x = (i) => left + (xs.length > 1 ? i * (WIDTH - left - right) / (xs.length - 1) : (WIDTH - left - right) / 2);
  const y = (v) => top + (high - v) * (height - top - bottom) / (high - low);
  let body = axis.map((v) => `<line class="grid${v === 0 ? " zero" : ""}" x1="${left}" x2="${WIDTH - right}" ` +
    `y1="${y(v)}" y2="${y(v)}"/><text class="tick" x="${left - 4}" y="${y(v) + 4}" text-anchor="end">${v}</text>`).join("");
  const every = Math.ceil(xs.length / 8);  // at most about eight labels along the bottom
  body += xs.map((text, i) => (i % every === 0 || i === xs.length - 1)
    ? `<text class="tick" x="${x(i)}" y="${height - bottom + 14}" text-anchor="middle">${esc(text)}</text>` : "").join("");
  body += `<text class="axis-label" x="${(left + WIDTH - right) / 2}" y="${height - 6}" text-anchor="middle">${esc(xLabel)}</text>`;
  body += `<text class="axis-label" x="10" y="${top + (height - top - bottom) / 2}" text-anchor="middle" ` +
    `transform="rotate(-90 10 ${top + (height - top - bottom) / 2})">${esc(yLabel)}</text>`;
  body += series.map((s, n) => `<polyline class="series" data-name="${esc(s.name)}" fill="none" ` +
    `stroke="${COLOURS[n % COLOURS.length]}" stroke-width="2" ` +
    `points="${s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}"/>`).join("");
  return svg(height, label, body);
}

/** Horizontal bars, one per item [{label, value from 0 to 1, text}]: the label above its bar. */
export function horizontalBars(items, { label }) {
  const row = 34;
  const height = items.length * row + 4;
  const body = items.map((item, i) => {
    const top = i * row;
    const length = Math.max(1, item.value * (WIDTH - 72));  // room for the text after it
    return `<g class="bar"><text class="bar-label" x="0" y="${top + 12}">${esc(item.label)}</text>` +
      `<rect x="0" y="${top + 16}" width="${length.toFixed(1)}" height="14" rx="2" fill="${COLOURS[0]}"/>` +
      `<text class="tick" x="${(length + 4).toFixed(1)}" y="${top + 27}">${esc(item.text)}</text></g>`;
  }).join("");
  return svg(height, label, body);
}

/** Vertical bars, one per item [{label, value}] (counts), with a count axis. */
export function verticalBars(items, { label, xLabel = "", yLabel = "" }) {
  const height = 200;
  const [left, right, top, bottom] = [36, 8, 10, 40];
  const axis = ticks(0, Math.max(1, ...items.map((item) => item.value))).filter((v) => Number.isInteger(v));
  const high = axis[axis.length - 1];
  const y = (v) => top + (high - v) * (height - top - bottom) / high;
  const slot = (WIDTH - left - right) / Math.max(1, items.length);
  const every = Math.ceil(items.length / 12);
  let body = axis.map((v) => `<line class="grid" x1="${left}" x2="${WIDTH - right}" y1="${y(v)}" y2="${y(v)}"/>` +
    `<text class="tick" x="${left - 4}" y="${y(v) + 4}" text-anchor="end">${v}</text>`).join("");
  body += items.map((item, i) => {
    const x = left + i * slot;
    return `<g class="bar"><rect x="${(x + slot * 0.15).toFixed(1)}" y="${y(item.value).toFixed(1)}" ` +
      `width="${(slot * 0.7).toFixed(1)}" height="${(y(0) - y(item.value)).toFixed(1)}" fill="${COLOURS[4]}"/>` +
      (i % every === 0 ? `<text class="tick" x="${(x + slot / 2).toFixed(1)}" y="${height - bottom + 14}" ` +
        `text-anchor="middle">${esc(item.label)}</text>` : "") + `</g>`;
  }).join("");
  body += `<text class="axis-label" x="${(left + WIDTH - right) / 2}" y="${height - 6}" text-anchor="middle">${esc(xLabel)}</text>`;
  body += `<text class="axis-label" x="10" y="${top + (height - top - bottom) / 2}" text-anchor="middle" ` +
    `transform="rotate(-90 10 ${top + (height - top - bottom) / 2})">${esc(yLabel)}</text>`;
  return svg(height, label, body);
}

/** Balances as bars from a zero line, one per item [{label, value, text}]: won to the right in the
 * first colour, lost to the left in the second, the label above its bar. */
export function balanceBars(items, { label }) {
  const row = 34;
  const height = items.length * row + 4;
  const most = Math.max(1, ...items.map((item) => Math.abs(item.value)));
  const middle = WIDTH / 2;
  const scale = (middle - 40) / most;  // room for the text beside the bar
  const body = `<line class="grid zero" x1="${middle}" x2="${middle}" y1="0" y2="${height}"/>` + items.map((item, i) => {
    const top = i * row;
    const length = Math.max(1, Math.abs(item.value) * scale);
    const left = item.value < 0 ? middle - length : middle;
    const text = item.value < 0 ? left - 4 : middle + length + 4;
    return `<g class="bar"><text class="bar-label" x="${middle + (item.value < 0 ? 4 : -4)}" y="${top + 12}" ` +
      `text-anchor="${item.value < 0 ? "start" : "end"}">${esc(item.label)}</text>` +
      `<rect x="${left.toFixed(1)}" y="${top + 16}" width="${length.toFixed(1)}" height="14" rx="2" ` +
      `fill="${COLOURS[item.value < 0 ? 1 : 0]}"/>` +
      `<text class="tick" x="${text.toFixed(1)}" y="${top + 27}" text-anchor="${item.value < 0 ? "end" : "start"}">` +
      `${esc(item.text)}</text></g>`;
  }).join("");
  return svg(height, label, body);
}
