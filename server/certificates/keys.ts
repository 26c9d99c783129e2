import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { Database } from '../platform/db/schema.ts'

/*
 * The portal's certificate key (docs/decisions/0025): Ed25519 from node:crypto.
 *
 * The private key is CERT_SIGNING_KEY (a PKCS #8 PEM; `\n` may be written as the two characters)
 * or, without it, the file `<DATA_DIR>/certificate-signing-key.pem`, made at the first start
 * (owner-readable only) and kept. It never enters the database. Its public half is registered in
 * certificate_keys at start, under a key id derived from it; keys registered before stay there, so
 * a rotated key (a new file or variable) leaves every certificate the old one signed verifiable,
 * and several processes with keys of their own all publish theirs.
 */

export const SIGNING_KEY_FILE = 'certificate-signing-key.pem'

export type CertificateSigner = {
  keyId: string
  /** The raw 32-byte public key, base64url. */
  publicKey: string
  /** The Ed25519 signature of `payload` (UTF-8), base64url. */
  sign(payload: string): string
}

/** The raw public key (base64url) of an Ed25519 key. */
function rawPublicKey(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' }) as { x?: string }
  if (!jwk.x) throw new Error('Not an Ed25519 key.')
  return jwk.x
}

/** A key's id: the first 16 characters of the base64url SHA-256 of its raw public key. */
export function keyIdOf(publicKey: string): string {
  return createHash('sha256').update(Buffer.from(publicKey, 'base64url')).digest('base64url').slice(0, 16)
}

export function signerFromPrivateKey(privateKey: KeyObject): CertificateSigner {
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('The certificate key must be an Ed25519 key.')
  const publicKey = rawPublicKey(createPublicKey(privateKey))
  return {
    keyId: keyIdOf(publicKey),
    publicKey,
    sign: (payload) => sign(null, Buffer.from(payload, 'utf8'), privateKey).toString('base64url'),
  }
}

/** Whether `signature` (base64url) is `publicKey`'s (raw, base64url) Ed25519 signature of `payload`. */
export function verifySignature(payload: string, signature: string, publicKey: string): boolean {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' })
    return verify(null, Buffer.from(payload, 'utf8'), key, Buffer.from(signature, 'base64url'))
  } catch {
    return false
  }
}

/** The process's key: CERT_SIGNING_KEY, else the data folder's file, made when missing. */
export function loadSigner(env: NodeJS.ProcessEnv): CertificateSigner {
  const given = env.CERT_SIGNING_KEY?.trim()
  if (given) {
    try {
      return signerFromPrivateKey(createPrivateKey(given.replaceAll('\\n', '\n')))
    } catch (error) {
      throw new Error(
        `CERT_SIGNING_KEY must be an Ed25519 private key in PKCS #8 PEM (${error instanceof Error ? error.message : String(error)}).`,
        { cause: error },
      )
    }
  }
  const dataDir = path.resolve(env.DATA_DIR || './data')
  const file = path.join(dataDir, SIGNING_KEY_FILE)
  try {
    return signerFromPrivateKey(createPrivateKey(readFileSync(file, 'utf8')))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dataDir, { recursive: true })
  const { privateKey } = generateKeyPairSync('ed25519')
  try {
    writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // Another process on this folder made it first: that one is the folder's key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return signerFromPrivateKey(createPrivateKey(readFileSync(file, 'utf8')))
  }
  return signerFromPrivateKey(privateKey)
}

/** Publishes the signer's public key (once; a key registered before stays as it is). */
export async function registerSigner(db: Kysely<Database>, signer: CertificateSigner): Promise<void> {
  await db
    .insertInto('certificate_keys')
    .values({ key_id: signer.keyId, public_key: signer.publicKey, retired_at: null })
    .onConflict((conflict) => conflict.doNothing())
    .execute()
}

/** A signer for tests: a fresh key, not kept anywhere. */
export function ephemeralSigner(): CertificateSigner {
  return signerFromPrivateKey(generateKeyPairSync('ed25519').privateKey)
}
