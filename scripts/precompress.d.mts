export declare const PRECOMPRESSED_EXTENSIONS: Set<string>
export declare const PRECOMPRESS_MIN_BYTES: number
export declare function precompress(dir: string): Promise<{ files: number; bytes: number }>
