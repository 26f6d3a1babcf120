// Types for native-check.mjs, which stays JavaScript because it runs before the compiled code loads.
export declare const MIN_NODE_MAJOR: number;
export declare const BUILD_FROM_SOURCE_COMMAND: string;
export declare function nodeTooOld(version: string): string;
export declare const NATIVE_BINDING_MISSING: string;
export declare const DEPENDENCIES_MISSING: string;
export declare function nativeBuildProblem(open?: () => void, nodeVersion?: string): string | null;
export declare function exitIfNodeTooOld(nodeVersion?: string): void;
export declare function installProblem(): string | null;
