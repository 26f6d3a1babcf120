export default {
  version: 7,
  name: 'whatsapp-canonical',
  sql: `
-- whatsapp was stored as sent ("5512345678", "+5215512345678"); it is now the canonical E.164 form
-- of its key (server/catalog/phone.ts), so data dirs written before show the same spelling.
UPDATE drivers SET whatsapp = '+' || whatsapp_key WHERE whatsapp <> '+' || whatsapp_key;
`,
};
