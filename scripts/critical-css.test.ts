import { describe, expect, it } from 'vitest'
import { usedClasses, usedCss } from './critical-css.mjs'

/*
 * The part of the stylesheet a prerendered page inlines (scripts/critical-css.mjs): the rules of
 * its classes, and every rule that names no class outright.
 */

const CSS = [
  '@layer theme,base,utilities;',
  '@layer base{*,:before{box-sizing:border-box}h1{font-size:2rem}}',
  '@layer utilities{.flex{display:flex}.grid{display:grid}',
  '.sm\\:grid-cols-2{@media (min-width:40rem){grid-template-columns:repeat(2,minmax(0,1fr))}}',
  '.\\[\\&\\>span\\]\\:truncate>span{overflow:hidden}',
  ':where(.space-y-4>:not(:last-child)){margin-block-end:1rem}',
  '.group:hover .group-hover\\:underline{text-decoration-line:underline}',
  '.a,.b{color:red}}',
  '@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}.gap-2{gap:.5rem}}',
  '@property --tw-shadow{syntax:"*";inherits:false}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('')

describe('usedCss', () => {
  it('keeps the rules of the classes a page uses, and those that name none outright', () => {
    const classes = usedClasses(
      '<div class="flex sm:grid-cols-2 [&amp;>span]:truncate hover:underline group"><b class="b"></b></div>',
    )
    expect(usedCss(CSS, classes)).toBe(
      [
        '@layer theme,base,utilities;',
        '@layer base{*,:before{box-sizing:border-box}h1{font-size:2rem}}',
        '@layer utilities{.flex{display:flex}',
        '.sm\\:grid-cols-2{@media (min-width:40rem){grid-template-columns:repeat(2,minmax(0,1fr))}}',
        '.\\[\\&\\>span\\]\\:truncate>span{overflow:hidden}',
        ':where(.space-y-4>:not(:last-child)){margin-block-end:1rem}',
        '.a,.b{color:red}}',
        '@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}',
        '@property --tw-shadow{syntax:"*";inherits:false}',
        '@keyframes spin{to{transform:rotate(360deg)}}',
      ].join(''),
    )
  })

  it('counts the classes a page’s own script writes, and drops a group left empty', () => {
    const classes = usedClasses('<p></p>', ["h('li', { class: `grid gap-2${x ? ' opacity-70' : ''}` })"])
    expect([...classes]).toEqual(expect.arrayContaining(['grid', 'gap-2', 'opacity-70']))
    const css = usedCss(CSS, classes)
    expect(css).toContain('.grid{display:grid}')
    expect(css).toContain('@media (hover:hover){.gap-2{gap:.5rem}}')
    expect(css).not.toContain('.flex{')
    expect(usedCss('@media print{.flex{display:flex}}', new Set())).toBe('')
  })
})
