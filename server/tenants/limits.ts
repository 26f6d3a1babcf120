/** The longest tenant name, as the API counts it (trimmed); zod-free, for the CLI's tenant service too. */
export const TENANT_NAME_MAX = 200;
