// Product code sizes: files over 400 lines and functions over 80 lines (docs/decisions/0031).
// Usage: node scripts/code-sizes.mjs [--json] [--list]
//   prints the counts; --list names each file and function over its limit.
// "Product" is src/ and server/ without tests, stories, fixtures, generated files and data files.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import ts from 'typescript'

export const FILE_LINES = 400
export const FUNCTION_LINES = 80

const root = path.resolve(import.meta.dirname, '..')

/** Data rather than code: tables, seeds, fixtures, generated files, migrations (frozen). */
const DATA = [
  /\.test\.tsx?$/,
  /\.gen\.ts$/,
  /(^|\/)fixtures\//,
  /(^|\/)migrations\//,
  /catalogue-seed\.ts$/,
  /(^|\/)test\//,
  /^src\/mocks\//,
]

export function productFiles() {
  return execFileSync('git', ['ls-files', 'src', 'server'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx)$/.test(file) && !DATA.some((pattern) => pattern.test(file)))
}

const lineOf = (source, position) => source.getLineAndCharacterOfPosition(position).line

function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text
  const parent = node.parent
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  return '(anonymous)'
}

/** Every function, method and arrow function, with its length in lines (its own body included). */
export function functionsOf(file) {
  const text = readFileSync(path.join(root, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found = []
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const lines = lineOf(source, node.getEnd()) - lineOf(source, node.getStart(source)) + 1
      found.push({ name: functionName(node), lines })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { lines: text.split('\n').length, functions: found }
}

export function measure() {
  const files = []
  const functions = []
  for (const file of productFiles()) {
    const { lines, functions: own } = functionsOf(file)
    if (lines > FILE_LINES) files.push({ file, lines })
    for (const fn of own) if (fn.lines > FUNCTION_LINES) functions.push({ file, ...fn })
  }
  files.sort((a, b) => b.lines - a.lines)
  functions.sort((a, b) => b.lines - a.lines)
  return { files, functions }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, functions } = measure()
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ files, functions }, null, 2))
  } else {
    console.log(`${files.length} product files over ${FILE_LINES} lines`)
    console.log(`${functions.length} product functions over ${FUNCTION_LINES} lines`)
    if (process.argv.includes('--list')) {
      for (const { file, lines } of files) console.log(`  file ${lines} ${file}`)
      for (const { file, name, lines } of functions) console.log(`  function ${lines} ${name} (${file})`)
    }
  }
}
