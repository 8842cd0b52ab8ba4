/**
 * The two-step login set up as a phone does it, in real Chromium: an administrator's first login
 * shows the QR code; the story reads nothing but that image (drawn on a canvas in the page, its
 * pixels decoded by jsQR as a phone's camera app would), takes the otpauth:// address it holds,
 * and types the code that address gives. The next login asks for a code from it, and gets in.
 */
import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';
import { URI, type TOTP } from 'otpauth';
import { expect } from './fixtures';
import { addStaff, GestaoStaff, noAxeViolations, PASSWORD, unusedStep } from './gestao-browser';
import { testOnOwnServer as test } from './pinned-server';

/** The text of the QR code in an image, read from its pixels (white behind it, drawn four times its size). */
async function readQrCode(image: Locator): Promise<string> {
  await expect(image).toHaveJSProperty('complete', true);
  const pixels = await image.evaluate((element: HTMLImageElement) => {
    const size = element.naturalWidth * 4;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size, size);
    context.imageSmoothingEnabled = false;
    context.drawImage(element, 0, 0, size, size);
    return { width: size, height: size, data: Array.from(context.getImageData(0, 0, size, size).data) };
  });
  const found = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  expect(found, 'no QR code in the image').not.toBeNull();
  return found!.data;
}

/** A code of the scanned address for a time step not used before (each step's code is good once). */
async function nextCode(totp: TOTP, after: number | undefined): Promise<{ code: string; step: number }> {
  const step = await unusedStep(after);
  return { code: totp.generate({ timestamp: step * 30_000 }), step };
}

test('an administrator sets up the two-step login by scanning the QR code alone, and the next login asks for its code', async ({
  page,
  server,
  consoleProblems,
}) => {
  // Close to a minute on a busy machine (56 s measured with ten other processes on its two cores).
  test.setTimeout(120_000);
  const admin = 'ana.direcao@festa.test';
  await addStaff(server.database, admin, 'administracao');
  await new GestaoStaff(server.url, consoleProblems).logIn(page, admin);
  await expect(page.getByRole('heading', { level: 1, name: 'Ative a verificação em dois passos' })).toBeVisible();
  await page.getByRole('button', { name: 'Ativar a verificação em dois passos' }).click();

  const qr = page.getByRole('img', { name: /^Código QR da verificação em dois passos/ });
  await expect(qr).toBeVisible();
  await noAxeViolations(page, 'Ativar a verificação em dois passos, com o código QR');
  const address = await readQrCode(qr);
  const totp = URI.parse(address);
  expect(totp).toMatchObject({ issuer: expect.any(String), label: admin, digits: 6, period: 30 });
  expect((totp as TOTP).algorithm).toBe('SHA1');

  const first = await nextCode(totp as TOTP, undefined);
  await page.getByLabel('Código de 6 algarismos que a aplicação mostra').fill(first.code);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('link', { name: `${admin} · Administração` })).toBeVisible();

  // The next login: the password, then a code of the scanned address.
  await page.getByRole('button', { name: 'Terminar sessão' }).click();
  await page.getByLabel('Email').fill(admin);
  await page.getByLabel('Palavra-passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  const code = page.getByLabel('Código da aplicação de autenticação');
  await expect(code).toBeVisible();
  await code.fill((await nextCode(totp as TOTP, first.step)).code);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('link', { name: `${admin} · Administração` })).toBeVisible();
  // The password alone was answered 401 (the code is asked after it): that one refusal is expected.
  const asked = consoleProblems.filter((p) => /status of 401/.test(p));
  expect(asked).toHaveLength(1);
  consoleProblems.splice(consoleProblems.indexOf(asked[0]!), 1);
});
