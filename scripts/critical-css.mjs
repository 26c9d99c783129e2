/*
 * The part of the app's stylesheet a prerendered page uses (scripts/build.mjs; decision 0038): the
 * page inlines only that, and the whole stylesheet comes with the app (scripts/page-boot.mjs).
 * Tailwind writes one rule per class, so a rule is kept when every class its selector names
 * outright is in the page — in its HTML, or in its own script's text (the markup that script
 * builds, e.g. the directory's cards). Everything else is kept as it is: rules without classes
 * (the reset, the theme's custom properties), @property, @keyframes, and classes named only inside
 * :where(), :is(), :not() or :has(). A rule too many costs a few bytes; a rule too few would show
 * the page unstyled until the app starts.
 */

/**
 * Every class token of `html`'s class attributes, and every word of `scripts` (their code, cut at
 * spaces, quotes and template placeholders: what is not a class there matches no rule).
 */
export function usedClasses(html, scripts = []) {
  const classes = new Set()
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1].split(/\s+/)) if (name) classes.add(name.replaceAll('&amp;', '&'))
  }
  for (const script of scripts) {
    for (const word of script.split(/[\s"'`]+|\$\{|\}/)) if (word) classes.add(word)
  }
  return classes
}

/** The index just past the block that opens at `open` (a '{'), strings and escapes skipped. */
function blockEnd(css, open) {
  let depth = 0
  for (let index = open; index < css.length; index++) {
    const char = css[index]
    if (char === '\\') index++
    else if (char === '"' || char === "'") {
      index++
      while (index < css.length && css[index] !== char) index += css[index] === '\\' ? 2 : 1
    } else if (char === '{') depth++
    else if (char === '}' && --depth === 0) return index + 1
  }
  throw new Error('The stylesheet has an unclosed block.')
}

/** `text` without what parentheses and unescaped brackets enclose. */
function outermost(text) {
  let out = ''
  let depth = 0
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char === '\\') {
      if (depth === 0) out += text.slice(index, index + 2)
      index++
    } else if (char === '(' || char === '[') depth++
    else if (char === ')' || char === ']') depth--
    else if (depth === 0) out += char
  }
  return out
}

/** Whether one of the selector list's selectors names only classes in `classes` (outside parentheses). */
function selectorUsed(selectorList, classes) {
  const selectors = []
  let depth = 0
  let start = 0
  for (let index = 0; index < selectorList.length; index++) {
    const char = selectorList[index]
    if (char === '\\') index++
    else if (char === '(' || char === '[') depth++
    else if (char === ')' || char === ']') depth--
    else if (char === ',' && depth === 0) {
      selectors.push(selectorList.slice(start, index))
      start = index + 1
    }
  }
  selectors.push(selectorList.slice(start))
  return selectors.some((selector) =>
    [...outermost(selector).matchAll(/\.((?:\\.|[\w-])+)/g)].every((found) =>
      classes.has(found[1].replace(/\\(.)/g, '$1')),
    ),
  )
}

/** Grouping at-rules whose rules are filtered one by one; any other block is kept whole. */
const GROUPING = /^@(media|supports|layer|container|starting-style)\b/

/** The rules of `css` (a minified stylesheet) that a page with `classes` uses. */
export function usedCss(css, classes) {
  let out = ''
  let index = 0
  while (index < css.length) {
    if (css.startsWith('/*', index)) {
      const end = css.indexOf('*/', index + 2)
      index = end < 0 ? css.length : end + 2
      continue
    }
    if (/\s/.test(css[index])) {
      index++
      continue
    }
    const open = css.indexOf('{', index)
    const semicolon = css.indexOf(';', index)
    if (css[index] === '@' && semicolon >= 0 && (open < 0 || semicolon < open)) {
      out += css.slice(index, semicolon + 1)
      index = semicolon + 1
      continue
    }
    if (open < 0) break
    const end = blockEnd(css, open)
    const prelude = css.slice(index, open).trim()
    if (GROUPING.test(prelude)) {
      const inner = usedCss(css.slice(open + 1, end - 1), classes)
      if (inner !== '') out += `${prelude}{${inner}}`
    } else if (prelude.startsWith('@') || selectorUsed(prelude, classes)) {
      out += css.slice(index, end)
    }
    index = end
  }
  return out
}
