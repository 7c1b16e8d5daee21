// The whole product for browser tests: the server with the portal module and the built web app, an
// SMTP server catching mail, and a local OpenID provider standing in for Google.
import path from 'node:path';
import { startOidcProvider, startSmtpServer, startTestServer, tempDir, type TestOidcProvider, type TestServer, type TestSmtpServer } from '@tribuna/server/testing';

export interface Portal {
  url: string;
  server: TestServer;
  smtp: TestSmtpServer;
  oidc: TestOidcProvider;
  close(): Promise<void>;
}

export const GOOGLE_ACCOUNT = {
  sub: 'google-e2e-user-1',
  email: 'google.user@example.com',
  name: 'Гугл Тестовый',
  picture: 'https://example.com/p.png',
};

export async function startPortal(): Promise<Portal> {
  const smtp = await startSmtpServer();
  const oidc = await startOidcProvider({
    clientId: 'tribuna-e2e',
    clientSecret: 'tribuna-e2e-secret',
    redirectUris: [],
    account: GOOGLE_ACCOUNT,
  });
  const data = tempDir('tribuna-e2e-');
  const server = await startTestServer({
    moduleSpecifiers: ['@tribuna/portal'],
    env: {
      WEB_DIST: path.resolve(import.meta.dirname, '..', 'dist'),
      DATA_DIR: data.dir,
      SMTP_URL: smtp.url,
      GOOGLE_CLIENT_ID: 'tribuna-e2e',
      GOOGLE_CLIENT_SECRET: 'tribuna-e2e-secret',
      GOOGLE_ISSUER: oidc.issuer,
    },
  });
  oidc.allowRedirectUri(`${server.url}/auth/google/callback`);
  return {
    url: server.url,
    server,
    smtp,
    oidc,
    async close() {
      await server.close();
      await oidc.close();
      await smtp.close();
      data.remove();
    },
  };
}
