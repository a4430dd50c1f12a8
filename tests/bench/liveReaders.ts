/**
 * The live bench's subscribers, in a process of their own so reading 500 streams never delays
 * the load generator's event loop: opens one stream per token it is sent, counts each stream's
 * `change` events, answers the counts when asked.
 */
import { request, type ClientRequest } from 'node:http';
import { TOKEN_HEADER } from '../../contract/session';


interface Counted {
  request: ClientRequest;
  changes: number;
}

/** Opens one stream; resolves once its `ready` event arrived, then counts its `change` events. */
function openStream(address: string, token: string): Promise<Counted> {
  return new Promise((resolve, reject) => {
    let text = '';
    const counted: Counted = {
      changes: 0,
      request: request(`${address}/base/admin/live/events`, { agent: false, headers: { [TOKEN_HEADER]: token } }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          let end: number;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            if (block.includes('event: ready')) resolve(counted);
            if (block.includes('event: change')) counted.changes++;
          }
        });
        res.on('end', () => reject(new Error(`a stream ended (status ${res.statusCode})`)));
      }),
    };
    counted.request.on('error', reject);
    counted.request.end();
  });
}

const streams: Counted[] = [];
const send = (message: object) => process.send!(message);
process.on('message', (message: { open?: { address: string; tokens: string[] }; count?: true; close?: true }) => {
  if (message.open) {
    const { address, tokens } = message.open;
    void (async () => {
      for (const token of tokens) streams.push(await openStream(address, token));
      send({ opened: streams.length });
    })();
  }
  if (message.count) send({ counts: streams.map((s) => s.changes) });
  if (message.close) {
    for (const stream of streams) stream.request.destroy();
    send({ closed: true });
    process.disconnect();
  }
});
