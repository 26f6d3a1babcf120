export const SCOPES = [
  'vehicles:read',
  'vehicles:write',
  'drivers:read',
  'drivers:write',
  'documents:write',
  'rides:read',
] as const;

export type Scope = (typeof SCOPES)[number];

export const isScope = (s: string): s is Scope => (SCOPES as readonly string[]).includes(s);
