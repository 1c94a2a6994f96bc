import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_SUCCESS_MESSAGE, contactRequestSchema, messageResponseSchema } from '@nivesh/shared';
import type { ContactService } from './contact.service.js';

export const contactRoutes: FastifyPluginAsyncZod<{ services: { contact: ContactService } }> = async (
  app,
  { services },
) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['contact'],
        security: [],
        body: contactRequestSchema,
        response: { 201: messageResponseSchema },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await services.contact.save(request.body, request.ip);
      return reply.status(201).send({ success: true, message: CONTACT_SUCCESS_MESSAGE });
    },
  );
};
