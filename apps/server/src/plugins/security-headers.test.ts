import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeadersPlugin, staticHelmetHeaders } from './security-headers.ts';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], frameAncestors: ["'none'"] } },
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
};

/** What helmet itself leaves on a real node:http response. */
function helmetOnRealResponse(options: HelmetOptions): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  response.setHeader('X-Powered-By', 'something');
  helmet(options)(request, response, () => {});
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

describe('security headers computed once (issue 20)', () => {
  it('are exactly the headers helmet sets on a response', () => {
    const expected = helmetOnRealResponse(OPTIONS);
    expect(staticHelmetHeaders(OPTIONS)).toEqual(expected);
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(expected).not.toHaveProperty('x-powered-by');
  });

  it('are left to helmet per request when a CSP directive is a function (nonces)', () => {
    const nonce = () => "'nonce-abc'";
    expect(staticHelmetHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } } })).toBeNull();
  });

  it('reach every response, errors and unknown routes included, and a route may still override one', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, OPTIONS);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fail', async () => {
      throw new Error('boom');
    });
    app.get('/own', async (_request, reply) => reply.header('content-security-policy', "default-src 'none'").send('x'));
    const expected = helmetOnRealResponse(OPTIONS);
    for (const url of ['/ok', '/fail', '/missing']) {
      const response = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) expect(response.headers[name], `${url} ${name}`).toBe(value);
    }
    const own = await app.inject({ method: 'GET', url: '/own' });
    expect(own.headers['content-security-policy']).toBe("default-src 'none'");
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });
});
