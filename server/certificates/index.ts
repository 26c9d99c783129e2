// The certificates domain's public module: what other folders of server/ use of it (eslint.config.js).
import type { DirectorySnapshot } from './directory.ts'
export { DirectorySnapshot } from './directory.ts'
export { type CertificateSigner, ephemeralSigner, loadSigner, registerSigner } from './keys.ts'
export { certificateState } from './read.ts'
export { revokeCertificate } from './revoke.ts'
export { certificateRoutes } from './routes.ts'

declare module '../http/context.ts' {
  interface MainServices {
    /** The directory of certified devices, kept in memory and checked against the database on every read. */
    directory: DirectorySnapshot
  }
}
