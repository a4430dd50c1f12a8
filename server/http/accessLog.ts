/**
 * One log line per request, written when it is answered, with what was asked and the outcome.
 * Fastify writes two by default (incoming, completed): each is a serialization and a write, a
 * visible share of a fast request.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
