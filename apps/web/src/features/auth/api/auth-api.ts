import { useMutation, useQuery } from '@tanstack/react-query';
import {
  authConfigResponseSchema,
  authSuccessResponseSchema,
  deriveUsername,
  googleExchangeResponseSchema,
  loginResponseSchema,
  messageResponseSchema,
  type ForgotPasswordRequest,
  type LoginRequest,
  type ResetPasswordRequest,
  type VerifyTwoFactorLoginRequest,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';

export function useAuthConfig() {
  return useQuery({
    queryKey: ['auth', 'config'],
    queryFn: () => apiRequest('/auth/config', { schema: authConfigResponseSchema, skipSessionExpiry: true }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      apiRequest('/auth/login', {
        method: 'POST',
        body,
        schema: loginResponseSchema,
        skipSessionExpiry: true,
      }),
  });
}

export function useVerifyTwoFactorLogin() {
  return useMutation({
    mutationFn: (body: VerifyTwoFactorLoginRequest) =>
      apiRequest('/auth/verify-2fa', {
        method: 'POST',
        body,
        schema: authSuccessResponseSchema,
        skipSessionExpiry: true,
      }),
  });
}

export interface SignupInput {
  fullName: string;
  email: string;
  password: string;
}

export function useSignup() {
  return useMutation({
    mutationFn: ({ fullName, email, password }: SignupInput) =>
      apiRequest('/auth/signup', {
        method: 'POST',
        body: { username: deriveUsername(email), email, password, fullName },
        schema: authSuccessResponseSchema,
        skipSessionExpiry: true,
      }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      apiRequest('/auth/forgot-password', {
        method: 'POST',
        body,
        schema: messageResponseSchema,
        skipSessionExpiry: true,
      }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiRequest('/auth/reset-password', {
        method: 'POST',
        body,
        schema: messageResponseSchema,
        skipSessionExpiry: true,
      }),
  });
}

export function exchangeGoogleCode(code: string) {
  return apiRequest('/auth/google/exchange', {
    method: 'POST',
    body: { code },
    schema: googleExchangeResponseSchema,
    skipSessionExpiry: true,
  });
}
