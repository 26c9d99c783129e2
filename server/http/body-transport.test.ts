import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newBrowser, startTestPortal, type TestPortal } from '../test/portal.ts'

/*
 * How the main service reads a body over a real socket (docs/decisions/0015): a body larger than
 * the limit gets its 413 answer, chunked or not, instead of a reset connection. And a kept-alive
 * connection outlives a client's pause (server/apps/portal.ts KEEP_ALIVE_MS).
 */

let test: TestPortal

beforeAll(async () => {
  test = await startTestPortal()
}, 60_000)

afterAll(async () => {
  await test?.close()
})

type RawAnswer = { status: number; headers: Record<string, unknown>; body: string }

/** A POST over node:http, the body written in `chunks` (chunked transfer encoding when no length is given). */
function post(
  path: string,
  headers: Record<string, string>,
  chunks: ReadonlyArray<Buffer>,
  { contentLength, eager = false }: { contentLength?: number; eager?: boolean } = {},
): Promise<RawAnswer> {
  const url = new URL(path, test.portal.mainUrl)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(url.port),
        path: url.pathname,
        method: 'POST',
        headers: {
          ...headers,
          ...(contentLength === undefined ? {} : { 'Content-Length': String(contentLength) }),
        },
      },
      (res) => {
        const parts: Buffer[] = []
        res.on('data', (part: Buffer) => parts.push(part))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(parts).toString(),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    if (eager) {
      // As a client that does not wait for the server: everything is queued at once.
      for (const chunk of chunks) req.write(chunk)
      req.end()
      return
    }
    const write = async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return
        if (!req.write(chunk)) await new Promise<void>((done) => req.once('drain', done).once('close', done))
      }
      req.end()
    }
    void write()
  })
}

async function signedHeaders() {
  const browser = await newBrowser(test.portal)
  return { Cookie: browser.cookie, Token: browser.token, 'Content-Type': 'application/json' }
}

const TOO_LARGE = { message: 'The request body must be at most 100 KB.', field: 'body' }

describe('a body over the limit', () => {
  it('gets 413 with the message when it is sent chunked (1 MB)', async () => {
    const headers = await signedHeaders()
    const chunk = Buffer.alloc(64 * 1024, 'x')
    const answer = await post('/api/login', headers, [
      Buffer.from('{"emailId":"'),
      ...Array.from({ length: 16 }, () => chunk),
      Buffer.from('","password":"x"}'),
    ])
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE)
  })

  it.each([1, 2, 4])(
    'gets 413 with the message when %i MB are written at once, without waiting for the server',
    async (megabytes) => {
      const headers = await signedHeaders()
      const chunk = Buffer.alloc(64 * 1024, 'x')
      const answer = await post(
        '/api/login',
        headers,
        [
          Buffer.from('{"emailId":"'),
          ...Array.from({ length: 16 * megabytes }, () => chunk),
          Buffer.from('"}'),
        ],
        { eager: true },
      )
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body)).toEqual(TOO_LARGE)
    },
  )

  it('gets 413 with the message when its Content-Length says so', async () => {
    const headers = await signedHeaders()
    const body = Buffer.from(JSON.stringify({ emailId: 'x'.repeat(200 * 1024), password: 'x' }))
    const answer = await post('/api/login', headers, [body], { contentLength: body.length })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE)
  })

  it('leaves a body under the limit, chunked, to the call', async () => {
    const headers = await signedHeaders()
    const answer = await post('/api/login', headers, [
      Buffer.from('{"emailId":"nobody@example.com",'),
      Buffer.from('"password":"Wrong#Pass1"}'),
    ])
    expect(answer.status).toBe(401)
  })
})

describe('calls without a body schema', () => {
  it('take a POST without Content-Type (logout, keep-alive)', async () => {
    const headers = await signedHeaders()
    const { 'Content-Type': _json, ...bare } = headers
    const answer = await post('/api/logout', bare, [])
    expect(answer.status).toBe(200)
  })
})

describe('a kept-alive connection', () => {
  it('is still open after 6 s idle, past Node’s default 5 s: the next request on it is answered', async () => {
    const { Socket } = await import('node:net')
    const url = new URL(test.portal.mainUrl)
    const socket = new Socket()
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject)
      socket.connect(Number(url.port), '127.0.0.1', () => resolve())
    })
    let received = ''
    let closed = false
    socket.on('data', (part: Buffer) => (received += part.toString()))
    socket.on('close', () => (closed = true))
    const ask = () =>
      socket.write(
        `GET /api/portal-config HTTP/1.1\r\nHost: 127.0.0.1:${url.port}\r\nConnection: keep-alive\r\n\r\n`,
      )
    const answers = () => received.match(/HTTP\/1\.1 \d+/g) ?? []
    try {
      ask()
      await eventuallyTrue(() => answers().length === 1)
      await new Promise((resolve) => setTimeout(resolve, 6000))
      expect(closed).toBe(false)
      ask()
      await eventuallyTrue(() => answers().length === 2)
      expect(answers()).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200'])
    } finally {
      socket.destroy()
    }
  }, 15_000)
})

async function eventuallyTrue(check: () => boolean) {
  for (let waited = 0; waited < 5000; waited += 20) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('No answer in 5 s.')
}
