import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('has working defaults: port 3000, the embedded database, and an edition that spans today', () => {
    const config = loadConfig({}, new Date('2026-11-21T12:00:00Z'));
    expect(config.port).toBe(3000);
    expect(config.database).toMatch(/data\/festa\.sqlite$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.festivalStart).toBe('2026-11-18');
    expect(config.festivalDays).toBe(9);
  });

  it('stops with every bad variable named in pt-PT', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', PUBLIC_URL: 'not a url', FESTIVAL_START: '21/11/2026', DATABASE: 'mysql://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT tem de ser um número');
    expect(problems).toContain('PUBLIC_URL tem de ser um URL');
    expect(problems).toContain('FESTIVAL_START tem de ser uma data AAAA-MM-DD');
    expect(problems).toContain('DATABASE tem de ser um caminho de ficheiro SQLite ou um URL postgres://');
  });

  it('accepts a PostgreSQL URL and strips a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ DATABASE: 'postgres://festa@localhost/festa', PUBLIC_URL: 'https://festadocinemaitaliano.pt/' });
    expect(config.database).toBe('postgres://festa@localhost/festa');
    expect(config.publicUrl).toBe('https://festadocinemaitaliano.pt');
  });

  it('accepts a host without a dot (a proxy on localhost) and refuses other schemes', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://localhost' }).publicUrl).toBe('https://localhost');
    expect(loadConfig({ PUBLIC_URL: 'http://festa:8080/' }).publicUrl).toBe('http://festa:8080');
    for (const bad of ['ftp://festa.pt', 'javascript:alert(1)', 'localhost:3000'])
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL tem de ser um URL/);
  });

  it('serves the build from dist/ of the repository, or from DIST_DIR (made absolute)', () => {
    expect(loadConfig({}).distDir).toBe(resolve(import.meta.dirname, '../../dist'));
    expect(loadConfig({ DIST_DIR: '/tmp/festa-build/dist' }).distDir).toBe('/tmp/festa-build/dist');
    expect(loadConfig({ DIST_DIR: 'copy/dist' }).distDir).toBe(resolve('copy/dist'));
  });

  it('trusts no proxy by default: TRUST_PROXY unset, false or 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const off of ['false', '0', 'FALSE']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy, off).toBe(false);
  });

  it("reads TRUST_PROXY as a hop count: the socket's peer and as many hops before it, no more", () => {
    const trust = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    if (!trust) throw new Error('TRUST_PROXY=1 trusts no proxy');
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('203.0.113.7', 1)).toBe(false);
    const two = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    expect(two && [two('10.0.0.2', 0), two('10.0.0.1', 1), two('203.0.113.7', 2)]).toEqual([true, true, false]);
  });

  it("reads TRUST_PROXY as the proxies' addresses and networks, comma-separated, as Fastify's trustProxy", () => {
    const trust = loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy;
    if (!trust) throw new Error('TRUST_PROXY with addresses trusts no proxy');
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('10.20.30.40', 1)).toBe(true);
    // A client that reaches the server directly is not the proxy, whatever it sends.
    expect(trust('203.0.113.7', 0)).toBe(false);
    const loopback = loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy;
    expect(loopback && [loopback('::1', 0), loopback('127.0.0.1', 0), loopback('192.168.1.1', 0)]).toEqual([true, true, false]);
  });

  it('refuses TRUST_PROXY=true, which lets a client choose its address, and what is neither a count nor addresses, in pt-PT', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true deixa cada cliente escolher o seu endereço .*indique o número de proxies à frente do servidor \(1\) ou os seus endereços/,
    );
    for (const bad of ['sim', '10.0.0.0/99', '127.0.0.1, nginx', '-1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(`TRUST_PROXY «${bad}» não é um número nem uma lista de endereços`);
  });

  it('sends staff e-mail only with SMTP_URL and MAIL_FROM, both checked at start-up', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://gestao:segredo@mail.festa.pt:465', MAIL_FROM: 'Festa <gestao@festa.pt>' }).mail).toEqual({
      smtpUrl: 'smtps://gestao:segredo@mail.festa.pt:465',
      from: 'Festa <gestao@festa.pt>',
    });
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(
      'MAIL_FROM é obrigatório com SMTP_URL: o remetente dos convites e das ligações',
    );
    expect(() => loadConfig({ SMTP_URL: 'https://mail.festa.pt', MAIL_FROM: 'gestao@festa.pt' })).toThrow(
      'SMTP_URL tem de começar por smtp:// ou smtps://, não https://',
    );
    expect(() => loadConfig({ SMTP_URL: 'mail.festa.pt', MAIL_FROM: 'gestao@festa.pt' })).toThrow(/SMTP_URL tem de ser um URL smtp:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'gestao' })).toThrow(
      /MAIL_FROM tem de ser um endereço de e-mail/,
    );
  });
});
