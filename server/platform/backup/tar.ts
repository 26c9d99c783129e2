/*
 * The little of the tar format (POSIX ustar) the backups need (docs/decisions/0048): regular files
 * and folders, written and read whole in memory. PGlite's dumpDataDir writes the same format, so
 * one reader reads both; any `tar` program reads what this writes.
 */

export type TarEntry = { name: string; type: 'file' | 'directory'; data: Uint8Array; mode: number }

const BLOCK = 512
/** Two empty blocks end an archive. */
export const TAR_END = new Uint8Array(BLOCK * 2)

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`

/** ustar keeps a long name as prefix (up to 155) + '/' + name (up to 100). */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name }
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut)
    const rest = name.slice(cut + 1)
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest }
  }
  throw new Error(`The name ${name} is too long for a tar archive.`)
}

function header(entry: TarEntry, mtime: number): Uint8Array {
  const block = Buffer.alloc(BLOCK)
  const { prefix, name } = splitName(entry.name)
  block.write(name, 0, 100, 'utf8')
  block.write(octal(entry.mode & 0o7777, 8), 100, 'ascii')
  block.write(octal(0, 8), 108, 'ascii')
  block.write(octal(0, 8), 116, 'ascii')
  block.write(octal(entry.type === 'file' ? entry.data.length : 0, 12), 124, 'ascii')
  block.write(octal(mtime, 12), 136, 'ascii')
  block.write(entry.type === 'file' ? '0' : '5', 156, 'ascii')
  block.write('ustar\x0000', 257, 'ascii')
  block.write(prefix, 345, 155, 'utf8')
  block.fill(' ', 148, 156)
  block.write(octal(checksum(block), 7), 148, 'ascii')
  return block
}

function checksum(block: Uint8Array) {
  let sum = 0
  for (let index = 0; index < BLOCK; index += 1)
    sum += index >= 148 && index < 156 ? 32 : (block[index] as number)
  return sum
}

/** One entry's blocks: its header, its data, the padding to a whole block. */
export function tarEntry(entry: TarEntry, mtime = Math.floor(Date.now() / 1000)): Uint8Array[] {
  const blocks = [header(entry, mtime)]
  if (entry.type === 'file' && entry.data.length > 0) {
    blocks.push(entry.data)
    const padding = (BLOCK - (entry.data.length % BLOCK)) % BLOCK
    if (padding > 0) blocks.push(new Uint8Array(padding))
  }
  return blocks
}

const field = (block: Uint8Array, start: number, length: number) =>
  Buffer.from(block.subarray(start, start + length))
    .toString('utf8')
    .replace(/\0.*$/s, '')

/** The archive's files and folders, in order; throws when it is not a tar archive. */
export function* readTar(archive: Uint8Array): Generator<TarEntry> {
  let offset = 0
  while (offset + BLOCK <= archive.length) {
    const block = archive.subarray(offset, offset + BLOCK)
    if (block.every((byte) => byte === 0)) return
    if (Number.parseInt(field(block, 148, 8).trim(), 8) !== checksum(block))
      throw new Error(`Not a tar archive (a bad header at byte ${offset}).`)
    const size = Number.parseInt(field(block, 124, 12).trim() || '0', 8)
    const prefix = field(block, 345, 155)
    const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100)
    const mode = Number.parseInt(field(block, 100, 8).trim() || '644', 8)
    const flag = String.fromCharCode(block[156] as number)
    const start = offset + BLOCK
    if (start + size > archive.length) throw new Error(`Not a whole tar archive (${name} is cut short).`)
    offset = start + Math.ceil(size / BLOCK) * BLOCK
    // Links and other kinds are not in a data folder's dump.
    if (flag === '5') yield { name, type: 'directory', data: new Uint8Array(0), mode }
    else if (flag === '0' || flag === '\0')
      yield { name, type: 'file', data: archive.subarray(start, start + size), mode }
  }
}
