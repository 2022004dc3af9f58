// SVG charts of a spell's damage distribution, one row of bars per slot
// level on a shared axis, with the mean marked.

import { t, num, getLang } from './i18n.js';

const NS = 'http://www.w3.org/2000/svg';

function el(name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text != null) e.textContent = text;
  return e;
}

/**
 * Draws `report` (from /spells/{spell}/damage) as an SVG element.
 * `highlight` marks one slot level (the one picked in the cast dialog).
 */
export function damageChart(report, spellName, highlight = null, width = 640) {
  const levels = report.levels;
  const rowH = levels.length > 1 ? 46 : 110;
  const labelOf = (l) => (l.slot === 0 ? t('level0') : t('chart.level', { n: l.slot }));
  const longest = Math.max(...levels.map((l) => labelOf(l).length));
  const left = Math.min(120, 14 + Math.ceil(longest * 7.2));
  const right = 12;
  const top = 8;
  const axisH = 22;
  const height = top + rowH * levels.length + axisH;
  const lo = Math.min(...levels.map((l) => l.min));
  const hi = Math.max(...levels.map((l) => l.max));
  const span = Math.max(1, hi - lo + 1);
  const plotW = width - left - right;
  const x = (v) => left + ((v - lo) / span) * plotW;
  const bw = Math.max(1, plotW / span - (span < 60 ? 1 : 0));
  const title = t(report.kind === 'healing' ? 'chart.titleHeal' : 'chart.title', { spell: spellName });
  const svg = el('svg', {
    viewBox: `0 0 ${width} ${height}`, class: 'chart', role: 'img',
    preserveAspectRatio: 'xMidYMid meet',
  });
  const id = `c${Math.random().toString(36).slice(2, 8)}`;
  svg.setAttribute('aria-labelledby', `${id}-t ${id}-d`);
  svg.append(el('title', { id: `${id}-t` }, title));
  const desc = levels.map((l) => t('chart.desc', {
    slot: l.slot, formula: l.formula, min: l.min, max: l.max, mean: num(l.mean),
  })).join('; ');
  svg.append(el('desc', { id: `${id}-d` }, desc));
  levels.forEach((l, i) => {
    const y0 = top + i * rowH;
    const peak = Math.max(...l.pmf.map(([, p]) => p));
    const g = el('g', { class: `row${highlight === l.slot ? ' hl' : ''}`, 'data-slot': l.slot });
    const label = labelOf(l);
    g.append(el('text', { x: left - 8, y: y0 + rowH / 2, class: 'lbl', 'text-anchor': 'end', 'dominant-baseline': 'middle' }, label));
    g.append(el('line', { x1: left, x2: width - right, y1: y0 + rowH - 2, y2: y0 + rowH - 2, class: 'base' }));
    for (const [v, p] of l.pmf) {
      const h = (p / peak) * (rowH - 10);
      g.append(el('rect', { x: x(v), y: y0 + rowH - 2 - h, width: bw, height: h, class: 'bar' }));
    }
    const mx = x(l.mean) + bw / 2;
    g.append(el('line', { x1: mx, x2: mx, y1: y0 + 2, y2: y0 + rowH - 2, class: 'mean' }));
    const anchor = mx > width - 150 ? 'end' : 'start';
    g.append(el('text', { x: anchor === 'end' ? mx - 4 : mx + 4, y: y0 + 12, class: 'meantxt', 'text-anchor': anchor },
      `${t('chart.mean', { m: num(l.mean) })} · ${l.formula}`));
    svg.append(g);
  });
  // Axis: a few round ticks.
  const yA = top + rowH * levels.length;
  const step = [1, 2, 5, 10, 20, 25, 50, 100].find((s) => span / s <= 10) || 200;
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) {
    svg.append(el('line', { x1: x(v) + bw / 2, x2: x(v) + bw / 2, y1: yA, y2: yA + 4, class: 'tick' }));
    svg.append(el('text', { x: x(v) + bw / 2, y: yA + 16, class: 'ticktxt', 'text-anchor': 'middle' }, v.toLocaleString(getLang())));
  }
  return svg;
}
