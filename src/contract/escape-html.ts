/**
 * Text put into HTML that the portal writes without React (the run report, the mails): every
 * character that could open markup or an attribute is escaped.
 */
export function escapeHtml(value: string) {
  return value.replace(/[&<>"'`]/g, (character) => `&#${character.charCodeAt(0)};`)
}
