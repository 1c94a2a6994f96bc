import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { hashToken, randomToken } from '../../lib/crypto.js';
import { unauthorized } from '../../lib/errors.js';
import { openCashAccount } from '../ledger/ledger.service.js';
// eslint-disable-next-line import-x/no-restricted-paths -- Google sign-in creates and links user rows in the same transaction as its identity row.
import { usersRepository, type UserRow } from '../users/users.repository.js';
import { oauthRepository } from './oauth.repository.js';
import type { AuthService } from './auth.service.js';
import type { RequestMeta } from './sessions.service.js';

const STATE_TTL_MS = 10 * 60_000;
const LOGIN_CODE_TTL_MS = 60_000;

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** OpenID Connect code flow with PKCE, state and nonce; the issuer is configurable for tests. */
export class GoogleAuthService {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly o: {
      db: Db;
      google: GoogleConfig;
      publicUrl: string;
      auth: AuthService;
      log: FastifyBaseLogger;
    },
  ) {}

  get redirectUri() {
    return `${this.o.publicUrl}/api/auth/google/callback`;
  }

  private discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.o.google;
    this.configuration ??= oidc
      .discovery(
        new URL(issuer),
        clientId,
        clientSecret,
        undefined,
        issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        // A failed discovery is retried on the next sign-in rather than cached.
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  async authorizationUrl(): Promise<string> {
    const config = await this.discover();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await oauthRepository.saveState(this.o.db, { state, codeVerifier, nonce, ttlMs: STATE_TTL_MS });
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: this.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      .toString();
  }

  /** Handles the provider's return; gives the SPA URL to redirect to (with a one-time code or an error). */
  async callback(currentUrl: URL): Promise<string> {
    const fail = `${this.o.publicUrl}/auth/oauth-callback?error=oauth_failed`;
    try {
      const state = currentUrl.searchParams.get('state');
      if (!state || currentUrl.searchParams.has('error')) return fail;
      const saved = await oauthRepository.takeState(this.o.db, state);
      if (!saved) return fail;
      const config = await this.discover();
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: saved.codeVerifier,
        expectedState: saved.state,
        expectedNonce: saved.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub || typeof claims.email !== 'string') return fail;
      const { user, isNewUser } = await this.findOrCreate({
        sub: claims.sub,
        email: claims.email.toLowerCase(),
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : '',
        picture: typeof claims.picture === 'string' ? claims.picture : null,
      });
      const code = randomToken(32);
      await oauthRepository.saveLoginCode(this.o.db, hashToken(code), user.id, isNewUser, LOGIN_CODE_TTL_MS);
      return `${this.o.publicUrl}/auth/oauth-callback?code=${encodeURIComponent(code)}`;
    } catch (error) {
      this.o.log.warn({ err: error }, 'google sign-in failed');
      return fail;
    }
  }

  private async findOrCreate(profile: {
    sub: string;
    email: string;
    emailVerified: boolean;
    name: string;
    picture: string | null;
  }): Promise<{ user: UserRow; isNewUser: boolean }> {
    const { db } = this.o;
    const bySub = await usersRepository.findByGoogleSub(db, profile.sub);
    if (bySub) return { user: bySub, isNewUser: false };
    const byEmail = await usersRepository.findByEmail(db, profile.email);
    if (byEmail) {
      // Linking by e-mail is safe only when the provider vouches for the address.
      if (!profile.emailVerified) throw new Error('unverified e-mail matches an existing account');
      const linked = await usersRepository.update(db, byEmail.id, { googleSub: profile.sub });
      return { user: linked!, isNewUser: false };
    }
    const fullName = profile.name.trim().length >= 2 ? profile.name.trim() : profile.email.split('@')[0]!;
    const username = await this.o.auth.freeUsername(db, profile.email);
    const user = await db.transaction(async (tx) => {
      const created = await usersRepository.insert(
        tx,
        this.o.auth.newUser({
          email: profile.email,
          fullName,
          username,
          passwordHash: null,
          googleSub: profile.sub,
          avatar: profile.picture,
        }),
      );
      await openCashAccount(tx, created.id);
      return created;
    });
    return { user, isNewUser: true };
  }

  async exchange(code: string, meta: RequestMeta) {
    const row = await oauthRepository.consumeLoginCode(this.o.db, hashToken(code));
    if (!row) throw unauthorized('Google authentication failed. Please try again.');
    const token = await this.o.auth.startSession(row.userId, false, meta);
    if (row.isNewUser) await this.o.auth.welcome(row.userId);
    return { token, userId: row.userId, isNewUser: row.isNewUser };
  }
}
