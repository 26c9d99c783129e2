// The certificates domain's public module: what other folders of server/ use of it (eslint.config.js).
export { DirectorySnapshot } from './directory.ts'
export { type CertificateSigner, ephemeralSigner, loadSigner, registerSigner } from './keys.ts'
export { certificateState } from './read.ts'
export { certificateRoutes } from './routes.ts'
