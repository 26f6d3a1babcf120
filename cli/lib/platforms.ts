/** The two platforms, without the server's schemas (zod) that also list them. */
export const PLATFORMS = ['platform_a', 'platform_b'] as const;
