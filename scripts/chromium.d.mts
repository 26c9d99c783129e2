export declare const chromiumPath: string
export declare const PLAYWRIGHT_DISABLED_FEATURES: string[]
export declare const chromiumFlags: string[]
export declare const chromiumArgs: string[]
