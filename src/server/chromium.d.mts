/** Types of chromium.mjs (plain ESM so node scripts import it too). */
export declare function chromiumPath(): string | undefined;
export declare const BROWSER_ARGS: string[];
