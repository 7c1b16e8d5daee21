// The whole product for browser tests: the server with the portal module and the built web app, an
// SMTP server catching mail, and a local OpenID provider standing in for Google.
import path from 'node:path';
import { Session } from '@heroiclabs/nakama-js';
import { expect, type Locator, type Page } from '@playwright/test';
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

/** The portal; `env` adds to (or overrides) its configuration (ADMIN_EMAILS, push origins, …). */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
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
      ...env,
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

/** A 64x64 PNG with a red square, for uploads. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAb0lEQVR4nO3PAQkAAAyEwO9feoshgnABdLep8QUNyPEFDcjxBQ3I8QUNyPEFDcjxBQ3I8QUNyPEFDcjxBQ3I8QUNyPEFDcjxBQ3I8QUNyPEFDcjxBQ3I8QUNyPEFDcjxBQ3I8QUNyPEFDcjxBQ3IPanc8OLDQitxAAAAAElFTkSuQmCC',
  'base64',
);

/** Signs the page in by the e-mail code flow, the code read from the mail the portal sends. */
export async function signInByCode(portal: Portal, page: Page, email: string, name?: string): Promise<void> {
  await page.goto(`${portal.url}/login`);
  await enterCode(portal, page, email, name);
}

/** The code from the last mail sent to an address. */
export async function mailedCode(portal: Portal, email: string): Promise<string> {
  const mail = await portal.smtp.waitForMail(email, 10_000);
  return /\b(\d{6})\b/.exec(mail.text ?? '')![1];
}

/**
 * The e-mail code flow on the login page the browser is on. A first sign-in asks for a name: `name` is
 * given there, or the question is skipped (the account keeps the part of the address before @).
 */
export async function enterCode(portal: Portal, page: Page, email: string, name?: string): Promise<void> {
  await page.getByRole('button', { name: 'Код на электронную почту' }).click();
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из письма').fill(await mailedCode(portal, email));
  await page.getByRole('button', { name: 'Войти' }).click();
  // Signed in: the header links the account (its name; on a phone the picture alone).
  await expect(page.locator('.header-user')).toBeVisible();
  if (await page.getByRole('heading', { name: 'Как вас называть?' }).isVisible()) {
    if (name) {
      await page.getByLabel('Имя', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'Сохранить' }).click();
    } else {
      await page.getByRole('button', { name: 'Пропустить' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Как вас называть?' })).toBeHidden();
  }
}

/** The session the page is signed in with, for preparing data through the API as the same user. */
export async function sessionOf(page: Page): Promise<Session> {
  const [token, refresh] = await page.evaluate(() => [localStorage.getItem('tribuna.token'), localStorage.getItem('tribuna.refresh_token')]);
  return Session.restore(token!, refresh!);
}

/** An RPC as that user; answers the parsed payload. */
export async function call<T>(portal: Portal, session: Session, id: string, input: object): Promise<T> {
  return (await portal.server.client().rpc(session, id, input)).payload as T;
}

/** A pointer drag in small steps, as a person does: dnd-kit starts dragging after 5 px. */
export async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}
