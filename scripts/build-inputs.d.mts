/** See scripts/build-inputs.mjs: whether dist/ or storybook-static/ is fresh, by content hashes of their inputs. */
export interface BuildInputs {
  name: string
  folders: readonly string[]
  files: readonly string[]
}
export interface Fingerprint {
  build: string
  files: Record<string, string>
  env: Record<string, string | undefined>
}
export declare const STAMP: string
export declare const APP_BUILD: BuildInputs
export declare const STORYBOOK_BUILD: BuildInputs
export declare function listInputs(root: string, build: BuildInputs): string[]
export declare function fingerprint(root: string, build: BuildInputs, env?: NodeJS.ProcessEnv): Fingerprint
export declare function staleReason(stamp: unknown, current: Fingerprint): string | null
export declare function readStamp(outDir: string): unknown
export declare function writeStamp(outDir: string, print: Fingerprint): void
export declare function checkBuild(
  root: string,
  build: BuildInputs,
  outDir: string,
  env?: NodeJS.ProcessEnv,
): { fresh: boolean; reason: string | null; print: Fingerprint }
