import { inflateSync } from 'node:zlib'

/*
 * A WOFF font as the plain TrueType/OpenType (sfnt) file it wraps: each table inflated once. The
 * PDF's font subsetter (fontkit) reads a WOFF's tables again, inflating them, for every glyph it
 * copies, which made a certificate take hundreds of milliseconds to save; from the sfnt it copies
 * glyphs straight out of the buffer.
 */

const WOFF_SIGNATURE = 0x774f4646 // 'wOFF'
const HEADER = 44
const DIRECTORY_ENTRY = 20

export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('Not a WOFF font.')
  const flavor = woff.readUInt32BE(4)
  const count = woff.readUInt16BE(12)
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = HEADER + index * DIRECTORY_ENTRY
    const offset = woff.readUInt32BE(entry + 4)
    const compressed = woff.readUInt32BE(entry + 8)
    const length = woff.readUInt32BE(entry + 12)
    const stored = woff.subarray(offset, offset + compressed)
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    }
  })
  const power = 2 ** Math.floor(Math.log2(count))
  const headerLength = 12 + 16 * count
  const padded = (length: number) => (length + 3) & ~3
  const total = tables.reduce((sum, table) => sum + padded(table.data.length), headerLength)
  const sfnt = Buffer.alloc(total)
  sfnt.writeUInt32BE(flavor, 0)
  sfnt.writeUInt16BE(count, 4)
  sfnt.writeUInt16BE(power * 16, 6)
  sfnt.writeUInt16BE(Math.log2(power), 8)
  sfnt.writeUInt16BE(count * 16 - power * 16, 10)
  let offset = headerLength
  tables.forEach((table, index) => {
    const record = 12 + index * 16
    sfnt.writeUInt32BE(table.tag, record)
    sfnt.writeUInt32BE(table.checksum, record + 4)
    sfnt.writeUInt32BE(offset, record + 8)
    sfnt.writeUInt32BE(table.data.length, record + 12)
    table.data.copy(sfnt, offset)
    offset += padded(table.data.length)
  })
  return sfnt
}
