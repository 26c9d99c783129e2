/* Handing a file the portal made or read to the browser as a download. */

const DOWNLOAD_URL_LIFETIME_MS = 60_000

/** Hands the file to the browser as a download named `fileName`. */
export function saveFile(file: Blob, fileName: string) {
  const href = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  link.click()
  // Revoked at once, the address can be gone before the browser has read the file.
  setTimeout(() => URL.revokeObjectURL(href), DOWNLOAD_URL_LIFETIME_MS)
}
