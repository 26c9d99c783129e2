export declare function precompress(dir: string): Promise<{ files: number; bytes: number }>
