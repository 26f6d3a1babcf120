// Preloaded with `node --require` by test/e2e/native-build.test.ts: every compiled addon looks absent,
// as on a platform with no prebuilt binary, without touching the (shared) node_modules.
const Module = require('node:module');

Module._extensions['.node'] = (_module, filename) => {
  const err = new Error(`Cannot find module '${filename}'`);
  err.code = 'MODULE_NOT_FOUND';
  throw err;
};
