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

/** A roll's label as the engine writes it (`fire damage`, `Ogre save
 *  (DEX)`, `attack vs Ogre`, `healing for Ana`), in the chosen language. */
export function rollLabel(label) {
  let m = /^(\w+) damage(?: against (.+))?$/.exec(label);
  if (m) {
    const type = word(DAMAGE_TYPES, m[1]);
    return m[2] ? t('roll.damageAgainst', { type, name: m[2] }) : t('roll.damage', { type });
  }
  m = /^(.+) save \((\w+)\)$/.exec(label);
  if (m) return t('roll.save', { name: m[1], ability: m[2] });
  m = /^attack vs (.+)$/.exec(label);
  if (m) return t('roll.attack', { name: m[1] });
  m = /^healing for (.+)$/.exec(label);
  if (m) return t('roll.healing', { name: m[1] });
  return label;
}

/** Conditions (the rules' vocabulary). */
export const CONDITIONS = table('condition-');

export const ABILITIES = table('ability.');

/** The word for `key` of a table in the current language, else the key. */
export function word(tbl, key) {
  const id = tbl[key];
  return id ? t(id) : key;
}
