import { useMutation } from '@tanstack/react-query';
import { userResponseSchema, type UpdateProfileRequest } from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

export function useUpdateProfile() {
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) =>
      apiRequest('/user/profile', { method: 'PUT', body, schema: userResponseSchema }),
    onSuccess: (res) => updateUser(res.user),
  });
}
