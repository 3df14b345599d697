// Builds real APKs for every test, the e2e suite, the demo seed and the load script (issue 15).
export { makeZip, unicodePathExtra, zipLayout, type ZipEntry } from './zip.ts';
export { makeToyPreviewPng, pngChunk } from './png.ts';
export { buildAxml, buildArsc, stringPool, resourceId, type XmlNode, type AttributeValue, type ResourceType } from './android-binary.ts';
export { buildApk, buildApkEntries, TWO_TOY_SPEC, GLYPH_ENABLE, GLYPH_TOY_ACTION, type ApkSpec, type ToySpec } from './apk.ts';
export { buildDex, type DexSpec, type DexMethodRef } from './dex.ts';
export { createSigner, signApk, addV2Signature, insertSigningBlock, removeSigningBlock, v1SignatureEntries, type Signer } from './sign.ts';
export {
  canPin,
  freePort,
  pinnedCommand,
  rssMb,
  serverArgs,
  serverEnv,
  spawnServer,
  SERVER_MAIN,
  SERVER_NODE_FLAGS,
  stopProcess,
  waitFor,
  waitForExit,
  ServerStartError,
  type ServerEnvOptions,
  type SpawnServerOptions,
  type SpawnedServer,
} from './server-process.ts';
