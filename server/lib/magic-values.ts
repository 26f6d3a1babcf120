/**
 * The simulators' magic values (simulators/common/magic.ts, README «Magic values»), named here so
 * the API's unique values (server/fixtures/unique.ts) can be drawn as one of them on purpose.
 */
export const MAGIC_PLATE_PREFIXES = ['RJ', 'RC', 'RB', 'FB'] as const;
export type MagicPlatePrefix = (typeof MAGIC_PLATE_PREFIXES)[number];

/** A driver's script on platform_a, by the last four digits of the whatsapp. */
export const MAGIC_WHATSAPP_ENDINGS = ['0001', '0002', '0003', '0004'] as const;
export type MagicWhatsappEnding = (typeof MAGIC_WHATSAPP_ENDINGS)[number];
