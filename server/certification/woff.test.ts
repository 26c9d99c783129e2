import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { woffToSfnt } from './woff.ts'

const require = createRequire(import.meta.url)
const woff = readFileSync(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'))

describe('woffToSfnt', () => {
  it('unwraps a WOFF into the TrueType file it holds: flavor, tables, their tags and lengths', () => {
    const sfnt = woffToSfnt(woff)
    const count = woff.readUInt16BE(12)
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4))
    expect(sfnt.readUInt16BE(4)).toBe(count)
    expect(sfnt.length).toBe(woff.readUInt32BE(16))
    for (let index = 0; index < count; index += 1) {
      const record = 12 + index * 16
      const entry = 44 + index * 20
      expect(sfnt.readUInt32BE(record)).toBe(woff.readUInt32BE(entry))
      expect(sfnt.readUInt32BE(record + 12)).toBe(woff.readUInt32BE(entry + 12))
      expect(sfnt.readUInt32BE(record + 8) % 4).toBe(0)
    }
  })

  it('refuses what is not a WOFF', () => {
    expect(() => woffToSfnt(Buffer.from('%PDF-1.7 not a font'))).toThrow('Not a WOFF font.')
  })
})
