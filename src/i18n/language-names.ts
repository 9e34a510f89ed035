/**
 * Each table language's name for itself, as its catalogue's `language` says it (a test
 * checks they agree): the language pickers list every language, and reading the names
 * from the catalogues would load all of them.
 */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  'en-US': 'English',
  bg: 'Български',
  cs: 'Čeština',
  da: 'Dansk',
  de: 'Deutsch',
  el: 'Ελληνικά',
  'es-419': 'Español (Latinoamérica)',
  'es-ES': 'Español (España)',
  fi: 'Suomi',
  fr: 'Français',
  hi: 'हिन्दी',
  hr: 'Hrvatski',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  lt: 'Lietuvių',
  nl: 'Nederlands',
  no: 'Norsk',
  pl: 'Polski',
  'pt-BR': 'Português do Brasil',
  ro: 'Română',
  ru: 'Русский',
  'sv-SE': 'Svenska',
  th: 'ไทย',
  tr: 'Türkçe',
  uk: 'Українська',
  vi: 'Tiếng Việt',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};
