import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when it is answered: method, URL, client address and host (`req`),
 * status (`res`) and `responseTime` in ms, under the request's `reqId`. Fastify's default writes a
 * second line, 'incoming request', before each one: at `LOG_LEVEL=info` that doubled what an operator
 * ships and stores, and on a cached read a log line costs more than the route does (decision 0095).
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {
    // Logged once, on completion.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
