/*
 * Markup described as data (docs/decisions/0025, point 15): one description that React renders in
 * the app (src/components/view-node.tsx) and the DOM builds without React (`viewToDom`), where a
 * page must show an answer before the app has started — the verification page's shell. Attributes
 * are written as in HTML (`class`, `aria-label`, `stroke-width`).
 */

export type ViewElement = {
  readonly tag: string
  readonly attrs: Readonly<Record<string, string>>
  readonly children: readonly ViewNode[]
}
export type ViewNode = ViewElement | string

type Child = ViewNode | null | undefined | false | readonly Child[]

function flatten(children: readonly Child[], into: ViewNode[] = []): ViewNode[] {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    if (typeof child === 'string' || !Array.isArray(child)) into.push(child as ViewNode)
    else flatten(child as readonly Child[], into)
  }
  return into
}

/** An element; attributes left undefined are not written, children left out are skipped. */
export function h(
  tag: string,
  attrs: Record<string, string | undefined> = {},
  ...children: Child[]
): ViewElement {
  const written: Record<string, string> = {}
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) written[name] = value
  return { tag, attrs: written, children: flatten(children) }
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg'

/** The description as DOM nodes of `document` (SVG elements in their namespace). */
export function viewToDom(node: ViewNode, document: Document, inSvg = false): Node {
  if (typeof node === 'string') return document.createTextNode(node)
  const svg = inSvg || node.tag === 'svg'
  const element = svg ? document.createElementNS(SVG_NAMESPACE, node.tag) : document.createElement(node.tag)
  for (const [name, value] of Object.entries(node.attrs)) element.setAttribute(name, value)
  for (const child of node.children) element.append(viewToDom(child, document, svg))
  return element
}
