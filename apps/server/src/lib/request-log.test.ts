import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLineRequestLog } from './request-log.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('OneLineRequestLog', () => {
  it('writes one line per answered request with method, URL, status and time', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLineRequestLog() });
    app.get('/api/thing/:id', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/thing/7?x=1', remoteAddress: '203.0.113.9' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    await app.close();

    // (Fastify's own 404 handler adds a line of its own for the second request.)
    const requests = lines.filter((line) => line.msg === 'request completed');
    expect(requests).toHaveLength(2);
    const [first, second] = requests;
    expect(first).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/thing/7?x=1', remoteAddress: '203.0.113.9' }, res: { statusCode: 200 } });
    expect(typeof first?.responseTime).toBe('number');
    expect(second).toMatchObject({ req: { url: '/nowhere' }, res: { statusCode: 404 } });
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });
});
