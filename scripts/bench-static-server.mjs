// The fallback baseline of `npm run bench` when nginx is not installed: a plain Node http server
// answering saved bytes from memory. argv: port, then a JSON file of { url: { type, file } }.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, manifestFile] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const answers = new Map(Object.entries(manifest).map(([url, { type, file }]) => [url, { type, body: readFileSync(file) }]));

createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length });
  response.end(answer.body);
}).listen(Number(port), '127.0.0.1', () => console.log(`baseline on ${port}`));
