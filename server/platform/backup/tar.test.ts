import { describe, expect, it } from 'vitest'
import { readTar, TAR_END, tarEntry, type TarEntry } from './tar.ts'

/* The backups' tar (docs/decisions/0048): what it writes it reads back, long names too. */

const archive = (entries: TarEntry[]) =>
  Buffer.concat([...entries.flatMap((entry) => tarEntry(entry, 0)), TAR_END])

describe('tar', () => {
  it('reads back the folders and files it wrote, names longer than 100 characters included', () => {
    const long = `pglite/${'deep/'.repeat(30)}file`
    const entries: TarEntry[] = [
      { name: 'pglite', type: 'directory', data: new Uint8Array(0), mode: 0o700 },
      { name: 'pglite/PG_VERSION', type: 'file', data: Buffer.from('17\n'), mode: 0o600 },
      { name: long, type: 'file', data: Buffer.alloc(1000, 7), mode: 0o600 },
      { name: 'empty', type: 'file', data: new Uint8Array(0), mode: 0o600 },
    ]
    const read = [...readTar(archive(entries))].map((entry) => ({ ...entry, data: Buffer.from(entry.data) }))
    expect(read).toEqual(entries.map((entry) => ({ ...entry, data: Buffer.from(entry.data) })))
    expect(archive(entries).length % 512).toBe(0)
  })

  it('refuses what is not a tar archive, or one cut short', () => {
    expect(() => [...readTar(Buffer.alloc(1024, 65))]).toThrow(/^Not a tar archive/)
    const whole = archive([{ name: 'f', type: 'file', data: Buffer.alloc(2000, 1), mode: 0o600 }])
    expect(() => [...readTar(whole.subarray(0, 1024))]).toThrow(
      /^Not a whole tar archive \(f is cut short\)\.$/,
    )
  })
})
