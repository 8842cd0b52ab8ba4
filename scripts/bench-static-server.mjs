// The Node floor of `npm run bench` and `npm run bench:server` (and the baseline of `npm run bench`
// when nginx is not installed): a plain Node http server answering saved bytes from memory.
// argv: port, then a JSON file of { url: { type, file, gzip?, headers?, gzipHeaders? } }; headers
// ([name, value] pairs, the server's own as captured) replace the content-type when given.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, manifestFile] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const answers = new Map(
  Object.entries(manifest).map(([url, { type, file, gzip, headers, gzipHeaders }]) => [
    url,
    {
      body: readFileSync(file),
      headers: headers ?? [['content-type', type]],
      gzip: gzip && readFileSync(gzip),
      gzipHeaders: gzipHeaders ?? [
        ['content-type', type],
        ['content-encoding', 'gzip'],
      ],
    },
  ]),
);

createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  // The server's own gzip bytes when the client accepts them, as nginx's gzip_static does.
  const gzip = answer.gzip && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  const body = gzip ? answer.gzip : answer.body;
  response.writeHead(200, [...(gzip ? answer.gzipHeaders : answer.headers), ['content-length', String(body.length)]].flat());
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log(`baseline on ${port}`));
