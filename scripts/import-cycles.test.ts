import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * No import loops in server/ or src/: a loop that reads a binding while its modules are
 * evaluated breaks at run time, and any loop ties its modules into one. The graph is built here
 * from the files themselves — relative and '@/…' imports, resolved as Vite and tsx resolve them —
 * which takes well under a second, where madge would add a dependency and parse with a compiler.
 */

const ROOT = process.cwd()
const FOLDERS = ['server', 'src']

/*
 * Every static import counts, type-only ones too: a loop of types is still a knot (server/http/
 * names no domain type; a domain adds its services to MainServices). A dynamic import() loads
 * later, after both modules have run, so it is left out.
 */

type Graph = Map<string, string[]>
type Loop = { modules: string[]; path: string[] }

function sourceFiles(folder: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(ROOT, folder))) {
    const file = `${folder}/${name}`
    if (statSync(path.join(ROOT, file)).isDirectory()) sourceFiles(file, out)
    else if (/\.(ts|tsx|mts)$/.test(name) && !/\.(test|d)\.[mc]?tsx?$/.test(name)) out.push(file)
  }
  return out
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]/gm

type Import = { specifier: string; typeOnly: boolean }

/** The imports and re-exports of `source`, each with whether it is type-only. */
export function importsOf(source: string): Import[] {
  const found: Import[] = []
  for (const [, typeKeyword, clause, specifier] of source.matchAll(IMPORT)) {
    if (specifier === undefined) continue
    const names = clause?.match(/^\{([^}]*)\}$/)?.[1]
    const everyNameAType =
      names !== undefined &&
      names.trim() !== '' &&
      names
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '))
    found.push({ specifier, typeOnly: typeKeyword !== undefined || everyNameAType })
  }
  return found
}

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string
  if (specifier.startsWith('@/')) base = `src/${specifier.slice(2)}`
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier)
  else return undefined
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find(
    (file) => existsSync(path.join(ROOT, file)) && statSync(path.join(ROOT, file)).isFile(),
  )
}

function importGraph(): Graph {
  const graph: Graph = new Map()
  for (const file of FOLDERS.flatMap((folder) => sourceFiles(folder))) {
    const targets = importsOf(readFileSync(path.join(ROOT, file), 'utf8'))
      .map((found) => resolveImport(file, found.specifier))
      .filter((target): target is string => target !== undefined)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/**
 * Every loop of the graph: the modules tied together (a strongly connected component), and one path
 * through them in import order back to the first.
 */
export function importLoops(graph: Graph): Loop[] {
  // Tarjan's strongly connected components; a component of two or more modules, or a module that
  // imports itself, is a loop.
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const loops: Loop[] = []
  const visit = (node: string) => {
    index.set(node, counter)
    low.set(node, counter)
    counter += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || graph.get(node)?.includes(node))
      loops.push({ modules: component.sort(), path: loopThrough(graph, component) })
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return loops
}

/** One path through the component's modules that comes back to where it started. */
function loopThrough(graph: Graph, component: string[]): string[] {
  const members = new Set(component)
  const start = [...members].sort()[0]!
  const seen = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()!
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue
      if (next === start) {
        const path = [node]
        while (path[0] !== start) path.unshift(seen.get(path[0]!)!)
        return [...path, start]
      }
      if (!seen.has(next)) {
        seen.set(next, node)
        queue.push(next)
      }
    }
  }
  return component
}

describe('import loops', () => {
  it('finds a loop of three modules and a module that imports itself, and no loop in a chain', () => {
    const graph: Graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ])
    expect(importLoops(graph).map((loop) => loop.path)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ])
  })

  it('reads imports and re-exports, and tells the type-only ones', () => {
    const source = [
      "import { a } from './a.ts'",
      "import type { B } from './b.ts'",
      "import { type C, type D } from './c.ts'",
      "import { type E, e } from './e.ts'",
      "export { f } from './f.ts'",
      "export type { G } from './g.ts'",
      "import './h.ts'",
      "import * as v from 'valibot'",
    ].join('\n')
    expect(importsOf(source)).toEqual([
      { specifier: './a.ts', typeOnly: false },
      { specifier: './b.ts', typeOnly: true },
      { specifier: './c.ts', typeOnly: true },
      { specifier: './e.ts', typeOnly: false },
      { specifier: './f.ts', typeOnly: false },
      { specifier: './g.ts', typeOnly: true },
      { specifier: './h.ts', typeOnly: false },
      { specifier: 'valibot', typeOnly: false },
    ])
  })

  it('has none in server/ or src/', () => {
    const graph = importGraph()
    expect(graph.size).toBeGreaterThan(400)
    const loops = importLoops(graph)
    expect(loops.map((loop) => loop.path.join(' → '))).toEqual([])
  })
})
