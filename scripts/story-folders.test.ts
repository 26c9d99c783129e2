import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * The folders of stories/ mirror src/features/ (Docs/Introduction): a designer who finds a
 * screen's stories in stories/webhooks/ finds its components in src/features/webhooks/. Checked
 * here without building Storybook.
 */
const root = path.resolve(import.meta.dirname, '..')
const STORIES = path.join(root, 'stories')

/** The folders that are not features: the frame, the primitives, the route tree, these docs, the
 * run parts both sides share, and helpers without stories. */
const NOT_FEATURES = ['docs', 'layout', 'runs', 'screens', 'support', 'ui']

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

const features = folders(path.join(root, 'src', 'features'))
const storyFolders = folders(STORIES)

const storyFiles = storyFolders.flatMap((folder) =>
  readdirSync(path.join(STORIES, folder))
    .filter((name) => name.endsWith('.stories.tsx'))
    .map((name) => ({ folder, file: `${folder}/${name}` })),
)

const read = (file: string) => readFileSync(path.join(STORIES, file), 'utf8')

describe('story folders', () => {
  it('each folder of stories/ is a feature of src/features/ or one of the shared folders', () => {
    const stray = storyFolders.filter(
      (folder) => !features.includes(folder) && !NOT_FEATURES.includes(folder),
    )
    expect(stray).toEqual([])
  })

  it("a feature folder's stories show that feature's components", () => {
    // A stories file that imports feature components imports its own folder's feature among them.
    const elsewhere = storyFiles
      .filter(({ folder }) => features.includes(folder))
      .filter(({ folder, file }) => {
        const imported = new Set([...read(file).matchAll(/from '@\/features\/([\w-]+)\//g)].map((m) => m[1]))
        return imported.size > 0 && !imported.has(folder)
      })
      .map(({ file }) => file)
    expect(elsewhere).toEqual([])
  })

  it('every story names itself (Storybook would title-case an export name: "On A Phone")', () => {
    const unnamed = storyFiles.flatMap(({ file }) => {
      const source = read(file)
      const starts = [...source.matchAll(/export const (\w+) = meta\.story\(/g)]
      return starts
        .filter((match, i) => {
          // The story's own object: up to its closing line, or the next story.
          const next = starts[i + 1]?.index ?? source.length
          const close = source.indexOf('\n})', match.index)
          const body = source.slice(match.index, close >= 0 ? Math.min(close, next) : next)
          return !/^ {2}name: |^export const \w+ = meta\.story\(\{ name: /m.test(body)
        })
        .map((match) => `${file}: ${match[1]}`)
    })
    expect(unnamed).toEqual([])
  })
})
