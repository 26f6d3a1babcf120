// Types for build.mjs, which stays JavaScript so that `npm install` can run it before anything is compiled.
export declare const ROOT: string;
export interface BuildResult {
  transpiled: number;
  copied: number;
  removed: number;
  /** Process bundles made again (dist/bundles/). */
  bundled: number;
}
export declare function outOfDate(root?: string): { stale: string[]; orphans: string[]; fresh: boolean };
export declare function buildJs(root?: string): Promise<BuildResult>;
export declare function buildDeclarations(): boolean;
/** The CLI's bundle without the build before's chunks (what a package ships). */
export declare function pruneSplitBundle(root: string): void;
