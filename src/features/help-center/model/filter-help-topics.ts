import type { HelpGroup } from '@/features/help-center/model/help-topics'

/**
 * The groups with the topics whose title or answer contains the query, ignoring case (spec §2).
 * Surrounding spaces do not count; an empty query keeps everything; groups left without a topic
 * are dropped.
 */
export function filterHelpTopics(groups: readonly HelpGroup[], query: string): HelpGroup[] {
  const needle = query.trim().toLocaleLowerCase()
  if (needle === '') return [...groups]
  return groups
    .map((group) => ({
      ...group,
      topics: group.topics.filter(
        (topic) =>
          topic.title.toLocaleLowerCase().includes(needle) ||
          topic.answer.toLocaleLowerCase().includes(needle),
      ),
    }))
    .filter((group) => group.topics.length > 0)
}

export const countTopics = (groups: readonly HelpGroup[]) =>
  groups.reduce((sum, group) => sum + group.topics.length, 0)
