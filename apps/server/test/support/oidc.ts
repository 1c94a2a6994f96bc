import { OAuth2Server } from 'oauth2-mock-server';

export interface MockIdentity {
  sub: string;
  email: string;
  name: string;
  email_verified?: boolean;
}

/** A local OpenID provider; each sign-in uses the identity set by `nextIdentity`. */
export async function startOidcServer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let identity: MockIdentity = { sub: 'google-sub-1', email: 'g@example.com', name: 'Google User' };
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, { email_verified: true, ...identity });
  });
  return {
    issuer: server.issuer.url!,
    nextIdentity(next: MockIdentity) {
      identity = next;
    },
    stop: () => server.stop(),
  };
}
