/* Names of the files the services hand out (results, certificates, mailbox attachments). */

/** A device name as a file-name part: ASCII letters and digits joined by '-', 60 at most. */
export function fileNamePart(text: string, fallback = 'device') {
  const part = text
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
  return part || fallback
}

/** A Content-Disposition whose file name is plain ASCII, so no header injection is possible. */
export function attachmentDisposition(fileName: string) {
  return `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`
}
