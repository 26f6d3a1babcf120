/**
 * The simulators' magic values (simulators/common/magic.ts, README «Magic values»), named here so
 * the API's unique values (server/fixtures/unique.ts) can be drawn as one of them on purpose.
 */
export const MAGIC_PLATE_PREFIXES = ['RJ', 'RC', 'RB', 'FB'] as const;
export type MagicPlatePrefix = (typeof MAGIC_PLATE_PREFIXES)[number];

/** A driver's script on platform_a, by the last four digits of the whatsapp. */
export const MAGIC_WHATSAPP_ENDINGS = ['0001', '0002', '0003', '0004'] as const;
export type MagicWhatsappEnding = (typeof MAGIC_WHATSAPP_ENDINGS)[number];

/**
 * What a unique value of each kind may be asked to be, and the field that asks it (the control API's
 * body, the testing library's option): a plate that starts so, a number that ends so. VINs have none.
 */
export const MAGIC_BY_KIND = {
  plate: { field: 'startingWith', values: MAGIC_PLATE_PREFIXES },
  whatsapp: { field: 'endingWith', values: MAGIC_WHATSAPP_ENDINGS },
} as const;
export type MagicKind = keyof typeof MAGIC_BY_KIND;
