// Types for native-check.mjs, which stays JavaScript because it runs before the compiled code loads.
export declare const REBUILD_COMMAND: string;
export declare const NATIVE_BUILD_MISSING: string;
export declare const DEPENDENCIES_MISSING: string;
export declare function nativeBuildProblem(open?: () => void): string | null;
export declare function exitIfNativeBuildMissing(): void;
