// Bring a character (issue 36): a Foundry VTT (dnd5e) or D&D Beyond sheet
// dropped on the Table tab, or chosen with the file picker on a phone, is
// sent to `POST /campaigns/{campaign}/imports`; the report that comes back
// (what was mapped, what was skipped, what a referee would question) is
// shown as it is. A player imports into their own seat, the GM into anyone's.

import { post, enc } from './api.js';
import { t } from './i18n.js';
import { h } from './dom.js';

/** The largest sheet the route takes (2 MiB). */
const MAX_BYTES = 2 * 1024 * 1024;

/** Which format a parsed sheet looks like: a Foundry actor has `system`,
 *  a D&D Beyond character `classes` (possibly under `data`). */
export function sheetFormat(json) {
  if (json && typeof json === 'object') {
    if (json.system && typeof json.system === 'object') return 'foundry';
    const inner = json.data && typeof json.data === 'object' ? json.data : json;
    if (Array.isArray(inner.classes)) return 'ddb';
  }
  return 'foundry';
}

/** A message of the words with `args`, falling back to `code` when the
 *  words have none under `key`. */
function said(key, args, code) {
  const s = t(key, args || {});
  return s === key ? code : s;
}

/** What a report line's fate says: `prepared`, `{class: {...}}`, or a
 *  skip code. */
function fateText(fate) {
  if (!fate) return '';
  const what = fate.what;
  const kind = fate.fate === 'skipped' ? 'skip' : 'mapped';
  // A word's id spells the code as it is (`skip-item_spell`) or with
  // dashes (`mapped-armor-worn`).
  const words = (k, vars) =>
    said(`cli-import-${kind}-${k}`, vars, null) ?? said(`cli-import-${kind}-${k.replace(/_/g, '-')}`, vars, k.replace(/_/g, ' '));
  if (typeof what === 'string') return words(what, {});
  if (what && typeof what === 'object') {
    const [k, args] = Object.entries(what)[0] || ['', {}];
    return words(k, args && typeof args === 'object' ? args : { value: args });
  }
  return '';
}

/** A finding of the check, in words. */
function findingText(f) {
  if (f.message) return f.message;
  return said(`cli-check-${f.code}`, f, f.code);
}

/** The report of an import (or a check): mapped, skipped, flagged. */
export function importReport(r) {
  const lines = (r.report && r.report.lines) || [];
  const row = (l) => h('li', {}, h('code', { class: 'small' }, l.field), ' ', l.name ? h('strong', {}, l.name) : null,
    `: ${l.text || fateText(l.fate)}`);
  const mapped = lines.filter((l) => l.fate && l.fate.fate !== 'skipped');
  const skipped = lines.filter((l) => l.fate && l.fate.fate === 'skipped');
  const findings = r.findings || [];
  const part = (id, title, items) => h('details', { class: 'fold', id, open: id !== 'import-mapped' && items.length > 0 },
    h('summary', {}, title), items.length ? h('ul', { class: 'plain small' }, ...items) : null);
  return h('div', { class: 'done import-report', id: 'import-report' },
    r.character ? h('p', { class: 'ok' }, t('import.done', { name: r.character.name })) : null,
    part('import-mapped', t('import.mapped', { n: mapped.length }), mapped.map(row)),
    part('import-skipped', t('import.skipped', { n: skipped.length }), skipped.map(row)),
    findings.length
      ? part('import-flagged', t('import.flagged', { n: findings.length }), findings.map((f) => h('li', {}, findingText(f))))
      : h('p', { class: 'small muted' }, t('import.none')));
}

/**
 * The import card: a drop zone that is also a file picker, the format
 * (recognised by itself unless chosen), an optional name, and for the GM
 * the player to import for. `ctx`: `{ campaign, gm, errorBlock(err),
 * onImported(answer) }`.
 */
export function importCard(ctx) {
  const out = h('div', { id: 'import-out', role: 'status', 'aria-live': 'polite' });
  const file = h('input', { type: 'file', id: 'import-file', accept: '.json,application/json', class: 'vh' });
  const format = h('select', { id: 'import-format' },
    h('option', { value: '' }, t('import.auto')),
    h('option', { value: 'foundry' }, t('import.foundry')),
    h('option', { value: 'ddb' }, t('import.ddb')));
  const name = h('input', { id: 'import-name', maxlength: 64, autocomplete: 'off' });
  const owner = ctx.gm ? h('input', { id: 'import-owner', maxlength: 64, autocomplete: 'off' }) : null;
  const send = async (f) => {
    if (!f) return;
    if (f.size > MAX_BYTES) { out.replaceChildren(h('p', { class: 'error', role: 'alert' }, t('import.tooBig', { file: f.name }))); return; }
    out.replaceChildren(h('p', { class: 'muted' }, t('import.reading', { file: f.name })));
    let sheet;
    try { sheet = JSON.parse(await f.text()); } catch {
      out.replaceChildren(h('p', { class: 'error', role: 'alert' }, t('import.notJson', { file: f.name })));
      return;
    }
    const body = { format: format.value || sheetFormat(sheet), sheet };
    if (name.value.trim()) body.name = name.value.trim();
    if (owner && owner.value.trim()) body.owner = owner.value.trim();
    try {
      const r = await post(`/campaigns/${enc(ctx.campaign)}/imports`, body);
      out.replaceChildren(importReport(r));
      ctx.onImported(r);
    } catch (e) { out.replaceChildren(ctx.errorBlock(e)); }
  };
  file.addEventListener('change', () => { send(file.files[0]); file.value = ''; });
  const zone = h('label', { class: 'dropzone', for: 'import-file', id: 'import-drop' },
    h('span', {}, t('import.drop')), ' ', h('span', { class: 'link-like' }, t('import.pick')));
  zone.addEventListener('dragover', (ev) => { ev.preventDefault(); zone.classList.add('over'); });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (ev) => {
    ev.preventDefault();
    zone.classList.remove('over');
    send(ev.dataTransfer && ev.dataTransfer.files[0]);
  });
  return h('section', { class: 'card stack', id: 'import-card', 'aria-labelledby': 'import-h' },
    h('h3', { id: 'import-h' }, t('import.title')),
    file, zone,
    h('div', { class: 'row' },
      h('label', {}, h('span', {}, t('import.format')), format),
      h('label', {}, h('span', {}, t('import.name')), name),
      owner ? h('label', {}, h('span', {}, t('import.owner')), owner) : null),
    out);
}
