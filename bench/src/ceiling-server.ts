/**
 * The ceiling: a bare node:http server answering one body from memory with the same content type, run
 * as its own process (like the API) so it does not share an event loop with autocannon.
 *   node ceiling-server.js <body file> <content type>   → prints the port
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, contentType = 'application/json; charset=utf-8'] = process.argv.slice(2);
const body = readFileSync(file as string);
const server = createServer((request, response) => {
  request.resume();
  const done = () => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    response.end(body);
  };
  if (request.readableEnded) done();
  else request.on('end', done);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
