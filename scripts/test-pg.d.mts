export declare function findPostgresBin(): string | undefined
export declare function freePort(): Promise<number>
export declare function startThrowawayPostgres(bin: string): Promise<{ databaseUrl: string; stop(): void }>
