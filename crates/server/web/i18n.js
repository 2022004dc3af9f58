// The web table's words come from the same Fluent files as the CLI's and the
// server's (crates/words/locales/<lang>/*.ftl): the server sends them as
// /web/words.js, one table of `{name}` templates per language. This module
// only picks the language and fills the templates.

import { FALLBACK, WORDS } from './words.js';

/** The languages the server has words for. */
export const LANGUAGES = Object.keys(WORDS);

let lang = FALLBACK;

/** Sets the language (one of LANGUAGES, else the fallback) and remembers it. */
export function setLang(l) {
  lang = l in WORDS ? l : FALLBACK;
  try { localStorage.setItem('grimoire.lang', lang); } catch { /* private mode */ }
  document.documentElement.lang = lang;
}

/** The language remembered, else the browser's. */
export function initialLang() {
  let saved = null;
  try { saved = localStorage.getItem('grimoire.lang'); } catch { /* private mode */ }
  if (saved) return saved;
  const wanted = (navigator.language || FALLBACK).toLowerCase().split('-')[0];
  return wanted in WORDS ? wanted : FALLBACK;
}

export function getLang() { return lang; }

/** A string with `{name}` placeholders filled. */
export function t(key, vars = {}) {
  const s = WORDS[lang][key] ?? WORDS[FALLBACK][key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
}

/** The explanation of an error code in the current language, if known. */
export function explain(code) {
  const key = `explain.${code}`;
  return key in WORDS[FALLBACK] ? t(key) : null;
}

/** Translates every marked element under `root`. */
export function translate(root = document) {
  const picker = root.querySelector('#lang');
  if (picker) {
    // A language the server has words for joins the picker by itself.
    for (const l of LANGUAGES) {
      if (![...picker.options].some((o) => o.value === l)) picker.append(new Option(WORDS[l]['lang.name'] ?? l, l));
    }
  }
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
}

/** Picks the `en`/`cs` member of a `{en, cs}` pair. */
export function pick(both) {
  if (both == null) return '';
  return typeof both === 'string' ? both : (both[lang] ?? both.en);
}

/** The level label: "Cantrip", "Level 3", "3. úroveň". */
export function levelName(n) { return n === 0 ? t('level0') : t('levelN', { n }); }

/** Numbers in the language's style (decimal comma in Czech). */
export function num(x, digits = 1) {
  return Number(x).toLocaleString(lang === 'cs' ? 'cs-CZ' : 'en-GB', { maximumFractionDigits: digits });
}

/** The keys of the words under `prefix` (`class.wizard` under `class.`),
 *  as a table for `word()`: key to message id. */
function table(prefix) {
  const keys = Object.keys(WORDS[FALLBACK]).filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  return Object.fromEntries(keys.map((k) => [k, prefix + k]));
}

export const CLASSES = table('class.');

/** Damage types (the rules' vocabulary), for roll labels. */
export const DAMAGE_TYPES = table('damage-');

/** Creature types (the rules' vocabulary), for damage only some take. */
export const CREATURES = table('creature-');

/** What a roll was for, in the chosen language. The rules send it as data
 *  (`{kind: 'save', target: 'Ogre', ability: 'dexterity'}`), worded here
 *  with the `roll-*` messages the CLI and the server word it with. A label
 *  of a log written before labels were data is English text, shown as it
 *  was written. */
export function rollLabel(label) {
  if (label == null || typeof label !== 'object') return label ?? '';
  switch (label.kind) {
    case 'attack':
    case 'healing':
      return t(`roll-${label.kind}`, { target: label.target });
    case 'save':
      return t('roll-save', { target: label.target, ability: t(`ability-abbrev-${label.ability}`) });
    case 'damage': {
      const type = word(DAMAGE_TYPES, label.damage_type);
      const only = label.only_against || [];
      if (!only.length) return t('roll-damage', { type });
      const types = only.map((c) => word(CREATURES, c)).join(` ${t('roll-or')} `);
      return t('roll-damage-against', { type, types });
    }
    case 'scroll_check':
      return t('roll-scroll-check', { dc: label.dc });
    case 'bonus':
    case 'penalty':
      return t(`roll-${label.kind}`, { roll: rollLabel(label.to) });
    default:
      // concentration, death_save, study: a message each, no values.
      return t(`roll-${String(label.kind).replace(/_/g, '-')}`);
  }
}

/** Conditions (the rules' vocabulary). */
export const CONDITIONS = table('condition-');

export const ABILITIES = table('ability.');

/** The word for `key` of a table in the current language, else the key. */
export function word(tbl, key) {
  const id = tbl[key];
  return id ? t(id) : key;
}
