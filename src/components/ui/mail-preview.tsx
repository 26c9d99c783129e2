import { Tabs as TabsPrimitive } from 'radix-ui'
import * as React from 'react'
import { cn } from '@/lib/utils'

/*
 * A mail as its receiver reads it: the From/To/Subject header, then the HTML part or the plain
 * text part (tabs). The HTML part renders in an iframe sandboxed without scripts, so nothing in
 * a mail runs in the page; 'allow-same-origin' only lets the frame be measured to its content's
 * height (and read by the stories' checks).
 */

type MailPreviewProps = React.ComponentProps<'article'> & {
  from: string
  to: string
  subject: string
  text: string
  html?: string | undefined
}

const tabClasses = cn(
  'cursor-pointer rounded-md px-3 py-1.5 text-small font-semibold text-ink-muted transition-colors',
  'hover:text-ink focus-visible:focus-ring',
  'data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-card',
)

function MailPreview({ from, to, subject, text, html, className, ...props }: MailPreviewProps) {
  const headingId = React.useId()
  return (
    <article
      data-slot="mail-preview"
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col overflow-hidden rounded-card border border-line bg-surface text-ink',
        className,
      )}
      {...props}
    >
      <header data-slot="mail-preview-header" className="flex flex-col gap-1 border-b border-line p-4">
        <h2 id={headingId} className="text-heading break-words text-ink">
          {subject}
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-small">
          <dt className="font-semibold text-ink-muted">From</dt>
          <dd className="break-words">{from}</dd>
          <dt className="font-semibold text-ink-muted">To</dt>
          <dd className="break-words">{to}</dd>
          <dt className="font-semibold text-ink-muted">Subject</dt>
          <dd className="break-words">{subject}</dd>
        </dl>
      </header>
      {html === undefined ? (
        <MailText text={text} />
      ) : (
        <TabsPrimitive.Root defaultValue="html" className="flex flex-col">
          <TabsPrimitive.List
            aria-label="Part of the mail"
            className="mx-4 mt-3 flex w-fit gap-1 rounded-lg bg-surface-sunken p-1"
          >
            <TabsPrimitive.Trigger value="html" className={tabClasses}>
              HTML
            </TabsPrimitive.Trigger>
            <TabsPrimitive.Trigger value="text" className={tabClasses}>
              Plain text
            </TabsPrimitive.Trigger>
          </TabsPrimitive.List>
          <TabsPrimitive.Content value="html" className="p-4 focus-visible:focus-ring">
            <MailFrame html={html} title={`${subject} (HTML part)`} />
          </TabsPrimitive.Content>
          <TabsPrimitive.Content value="text" className="focus-visible:focus-ring">
            <MailText text={text} />
          </TabsPrimitive.Content>
        </TabsPrimitive.Root>
      )}
    </article>
  )
}

/** The HTML part, no scripts, as tall as its content. */
function MailFrame({ html, title }: { html: string; title: string }) {
  const [height, setHeight] = React.useState(320)
  const measure = React.useCallback((frame: HTMLIFrameElement) => {
    // The body's own height (the document's is at least the frame's).
    const content = frame.contentDocument?.body
    if (content) setHeight(Math.ceil(content.getBoundingClientRect().height))
  }, [])
  return (
    <iframe
      data-slot="mail-preview-html"
      title={title}
      srcDoc={html}
      sandbox="allow-same-origin"
      referrerPolicy="no-referrer"
      onLoad={(event) => measure(event.currentTarget)}
      style={{ height }}
      className="block w-full rounded-md border border-line bg-white"
    />
  )
}

function MailText({ text }: { text: string }) {
  return (
    <pre
      data-slot="mail-preview-text"
      className="m-4 overflow-x-auto rounded-md bg-surface-sunken p-4 font-mono text-small break-words whitespace-pre-wrap text-ink"
    >
      {text}
    </pre>
  )
}

export { MailPreview }
