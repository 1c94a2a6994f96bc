import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { instanceResponseSchema, type InstanceSettings } from '@nivesh/shared';

/** GET /api/instance: the operator's settings the web needs before anyone signs in. Public. */
export const instanceRoutes: FastifyPluginAsyncZod<{ settings: InstanceSettings }> = async (
  app,
  { settings },
) => {
  app.get(
    '/instance',
    { schema: { tags: ['health'], security: [], response: { 200: instanceResponseSchema } } },
    async () => ({ success: true as const, data: settings }),
  );
};
