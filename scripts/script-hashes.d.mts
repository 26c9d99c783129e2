/** See scripts/script-hashes.mjs: the CSP hashes of the built pages' inline scripts. */
export declare const SCRIPT_HASHES_FILE: string
export declare function inlineScriptHashes(html: string): string[]
export declare function pageScriptHashes(dist: string): Record<string, string[]>
