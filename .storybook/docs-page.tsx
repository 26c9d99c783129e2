import {
  Controls,
  Description,
  DocsContext,
  Markdown,
  Primary,
  Title,
  useOf,
} from '@storybook/addon-docs/blocks'
import * as React from 'react'
import { NAVIGATE_URL } from 'storybook/internal/core-events'

/*
 * Every docs page (parameters.docs.page in preview.tsx): the title, the file's text (a screen's:
 * who uses it, its states, its rules — `parameters.docs.description.component`), its first story
 * rendered (a primitive's props under it), then one link per story with the story's own text,
 * rather than every story's canvas stacked one under another (a screen's page was 15,557 px tall
 * that way).
 */

type DocsStoryEntry = {
  id: string
  name: string
  tags: string[]
  parameters: { docs?: { description?: { story?: string }; disable?: boolean } }
}

/**
 * A story's page in the manager. The href works on its own (opened in a new tab, it leaves the
 * docs iframe for the manager beside it); a plain click asks the manager to go there instead of
 * reloading it.
 */
function StoryLink({ id, children }: { id: string; children: React.ReactNode }) {
  const { channel } = React.useContext(DocsContext)
  const path = `?path=/story/${id}`
  return (
    <a
      href={`./${path}`}
      target="_top"
      onClick={(event) => {
        if (event.button !== 0 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
        event.preventDefault()
        channel.emit(NAVIGATE_URL, path)
      }}
    >
      {children}
    </a>
  )
}

function StoryLinks() {
  const context = React.useContext(DocsContext)
  const stories = (context.componentStories() as DocsStoryEntry[]).filter(
    (story) => !story.parameters.docs?.disable && !story.tags.includes('!autodocs'),
  )
  if (stories.length === 0) return null
  return (
    <section aria-labelledby="docs-page-states" className="docs-page-states">
      <h2 id="docs-page-states">Stories ({stories.length})</h2>
      <p>Each opens on its own page, where its play function runs and the Accessibility tab shows axe.</p>
      <ul>
        {stories.map((story) => (
          <li key={story.id}>
            <StoryLink id={story.id}>{story.name}</StoryLink>
            {story.parameters.docs?.description?.story ? (
              <Markdown>{story.parameters.docs.description.story}</Markdown>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

export function DocsPage() {
  // A primitive's file names its component: its props under the first story, as Storybook's own
  // page has them. A screen's renders the route tree and has none to show.
  const { preparedMeta } = useOf('meta', ['meta'])
  return (
    <>
      <Title />
      <Description of="meta" />
      <Primary />
      {preparedMeta.component ? <Controls /> : null}
      <StoryLinks />
    </>
  )
}
