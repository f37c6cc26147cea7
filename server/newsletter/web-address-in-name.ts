/**
 * Whether a sign-up name holds a web address, written plainly or disguised the way spam gets a link past a
 * filter and still read by people: full-width or ideographic dots (`evil。com`, `evil．com`), bracketed dots
 * (`evil[.]com`, `evil(dot)com`), the word (`evil dot com`), a space before the dot, and digits or Cyrillic and
 * Greek letters that look like Latin ones (`ev1l.c0m`). Real names keep their periods: an abbreviation's period
 * is followed by a space or ends the name (`Dr. Ana`, `J.R.`, `Ana Ma. López`), and only a known top-level
 * domain right after a dot makes an address.
 */

/** A scheme (`https://`, `mailto:x`), `www.`, or a host name with a common top-level domain. */
const WEB_ADDRESS =
  /[a-z][a-z0-9+.-]*:\/\/|\b(?:https?|mailto|ftp|javascript|data):|\bwww\.|\b[\w-]+(?:\.[\w-]+)*\.(?:com|net|org|info|biz|io|co|ru|cn|xyz|top|site|online|click|link|shop|app|me|ly|gl|tk)\b/iu

/**
 * Dots NFKC leaves as they are: ideographic (`。`, which `｡` becomes), Arabic and Syriac full stops, bullets and
 * the katakana middle dot. The Latin middle dot is not among them: Catalan names have it (`Paul·la`).
 */
const DOT_LIKE = /[\u3002\u06d4\u0701\u0702\u2e3c\u2022\u2219\u22c5\u30fb]/gu

/** A dot written out or bracketed, `[.]`, `(dot)`, `{dot}`, `<.>`, ` dot `, or with a space before it. */
const DISGUISED_DOT = /\s*[[({<]\s*(?:\.|dot)\s*[\])}>]\s*|\s+dot\s+|\s+\.\s*/giu

/** Characters that pass for Latin letters: digits, and Cyrillic and Greek lookalikes. */
const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  м: 'm',
  у: 'y',
  і: 'i',
  ѕ: 's',
  ј: 'j',
  ӏ: 'l',
  ο: 'o',
  α: 'a',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  τ: 't',
}
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'gu')

/** The spellings a reader might take the name for: `1` read as `l` and as `i`. */
function readings(name: string): string[] {
  const text = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(DOT_LIKE, '.')
    .replace(LOOKALIKE, (c) => LOOKALIKES[c]!)
    .replace(DISGUISED_DOT, '.')
  return [text, text.replaceAll('1', 'l'), text.replaceAll('1', 'i')]
}

export function hasWebAddress(name: string): boolean {
  return readings(name).some((reading) => WEB_ADDRESS.test(reading))
}
