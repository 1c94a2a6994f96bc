import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type ContactRequest } from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';

export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactRequest) =>
      apiRequest('/contact', {
        method: 'POST',
        body,
        schema: messageResponseSchema,
        skipSessionExpiry: true,
      }),
  });
}
