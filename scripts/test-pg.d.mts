export declare function findPostgresBin(): string | undefined
export declare function freePort(): Promise<number>
