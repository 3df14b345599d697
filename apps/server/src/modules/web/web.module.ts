import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { webRoutes } from './web.routes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../../../web/dist');

/** The built web app with server-rendered page metadata; registered last, after every module's resolver. */
export default fp(
  async function webModule(app: FastifyInstance) {
    const { env, publicUrl, metaResolvers } = app.glyphary;
    await app.register(webRoutes, { distDir: env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST, publicUrl, metaResolvers });
  },
  { name: 'web-module' },
);
