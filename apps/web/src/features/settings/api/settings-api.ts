import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changePasswordRequestSchema,
  messageResponseSchema,
  revokeOthersResponseSchema,
  sessionListResponseSchema,
  twoFactorEnableResponseSchema,
  twoFactorVerifyResponseSchema,
  userResponseSchema,
  type ChangePasswordRequest,
  type TwoFactorDisableRequest,
  type UpdateSettingsRequest,
  type Theme,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

export function useSaveSettings() {
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: (body: UpdateSettingsRequest) =>
      apiRequest('/user/settings', { method: 'PUT', body, schema: userResponseSchema }),
    onSuccess: (res) => updateUser(res.user),
  });
}

/** The header's theme toggle also follows the user to other devices when signed in. */
export function useSaveThemePreference() {
  const { status, updateUser } = useAuth();
  return (theme: Theme) => {
    if (status !== 'authenticated') return;
    apiRequest('/user/settings', {
      method: 'PUT',
      body: { preferences: { theme } },
      schema: userResponseSchema,
    })
      .then((res) => updateUser(res.user))
      .catch(() => undefined);
  };
}

const sessionsKey = ['auth', 'sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => apiRequest('/auth/sessions', { schema: sessionListResponseSchema }),
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/auth/sessions/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: messageResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/auth/sessions/revoke-others', { method: 'POST', schema: revokeOthersResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest('/auth/change-password', {
        method: 'POST',
        body: changePasswordRequestSchema.parse(body),
        schema: messageResponseSchema,
        // A wrong current password must show an error, not end the session.
        skipSessionExpiry: true,
      }),
  });
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/auth/2fa/enable', { method: 'POST', schema: twoFactorEnableResponseSchema }),
  });
}

export function useVerifyTwoFactorSetup() {
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest('/auth/2fa/verify', {
        method: 'POST',
        body: { code },
        schema: twoFactorVerifyResponseSchema,
      }),
    onSuccess: (res) => updateUser(res.user),
  });
}

export function useDisableTwoFactor() {
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: (body: TwoFactorDisableRequest) =>
      apiRequest('/auth/2fa/disable', {
        method: 'POST',
        body,
        schema: userResponseSchema,
        skipSessionExpiry: true,
      }),
    onSuccess: (res) => updateUser(res.user),
  });
}
