import { DIRECTORY_API_PATH, directoryAnswerSchema } from '@/contract/certificates'
import { viewToDom } from '@/lib/view-node'
import { readJson } from '@/features/certificates/api/verify'
import { directoryFirstPageView } from '@/features/certificates/model/directory-view'
import {
  type DirectoryFirstPage,
  publishDirectoryFirstPage,
} from '@/features/certificates/model/shell-answer'

/*
 * The script of /certified-devices (scripts/build.mjs, PAGE_SCRIPTS; docs/decisions/0038). Loaded
 * once the page has painted, whatever the visitor does: it reads the directory's first page and
 * puts it where the page shows "Reading the certified devices…" — the same markup the app renders
 * (model/directory-view.ts), in a few kilobytes instead of the app. The app starts at the first
 * sign of use, as on every public page, and starts from this page rather than reading it again
 * (components/directory-page.tsx). An address with a search or a filter is the app's to answer.
 */

const slot = document.querySelector('[data-slot="directory-results"]')
if (slot && window.location.search === '') {
  const read = readJson(DIRECTORY_API_PATH, directoryAnswerSchema, undefined)
    .then((result) => (result.ok ? result.data : null))
    .catch(() => null)
  const firstPage: DirectoryFirstPage = { read, settled: undefined }
  publishDirectoryFirstPage(firstPage)
  void read.then((answer) => {
    firstPage.settled = answer
    // The app may have taken the page over meanwhile: then it shows the answer itself.
    if (!answer || !slot.isConnected || document.documentElement.hasAttribute('data-hydrating')) return
    slot.replaceChildren(...viewToDom(directoryFirstPageView(answer), document).childNodes)
  })
}
