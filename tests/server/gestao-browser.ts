/**
 * A browser of the back office for server tests: keeps its cookie and the CSRF token that
 * GET /gestao/api/session gave it, and checks that every answer stays out of caches and indexes.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A browser of the back office: keeps its cookie and the CSRF token GET /session gave it. */
export class GestaoBrowser {
  cookie: string | undefined;
  csrf: string | undefined;

  constructor(
    readonly app: FastifyInstance,
    readonly address = '127.0.0.1',
  ) {}

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    payload?: object,
    withCsrf = true,
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { 'user-agent': 'Teste/1.0' };
    if (this.cookie) headers.cookie = `gestao=${this.cookie}`;
    if (withCsrf && this.csrf && method !== 'GET') headers['x-csrf-token'] = this.csrf;
    const response = await this.app.inject({ method, url: `/gestao/api${path}`, headers, payload, remoteAddress: this.address });
    const set = response.cookies.find((c) => c.name === 'gestao');
    if (set) this.cookie = set.value === '' ? undefined : set.value;
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    return response;
  }

  async open(): Promise<this> {
    const response = await this.request('GET', '/session');
    expect(response.statusCode).toBe(200);
    this.csrf = response.json<{ csrfToken: string }>().csrfToken;
    return this;
  }

  async login(email: string, password: string, extra: object = {}): Promise<LightMyRequestResponse> {
    if (!this.csrf) await this.open();
    const response = await this.request('POST', '/session', { email, password, ...extra });
    if (response.statusCode === 200) this.csrf = response.json<{ csrfToken: string }>().csrfToken;
    return response;
  }
}
