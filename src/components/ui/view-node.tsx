import * as React from 'react'
import type { ViewNode } from '@/lib/view-node'

/** HTML attribute names React spells otherwise; the rest (aria-*, data-*, href, d…) are the same. */
const REACT_NAMES: Readonly<Record<string, string>> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  viewbox: 'viewBox',
  'stroke-width': 'strokeWidth',
  'stroke-linecap': 'strokeLinecap',
  'stroke-linejoin': 'strokeLinejoin',
}

function toReact(node: ViewNode): React.ReactNode {
  if (typeof node === 'string') return node
  const props: Record<string, string> = {}
  for (const [name, value] of Object.entries(node.attrs)) props[REACT_NAMES[name] ?? name] = value
  // Children as arguments: a fixed list, which needs no keys.
  return React.createElement(node.tag, props, ...node.children.map(toReact))
}

/**
 * Renders markup described as data (src/lib/view-node.ts) — the same elements the DOM builds from
 * it where the app has not started.
 */
function ViewNodeContent({ node }: { node: ViewNode }) {
  return <>{toReact(node)}</>
}

export { ViewNodeContent }
