// A webhook receiver for trying the service locally: node examples/receiver.mjs <secret> [port]
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
const [secret, port = '4000'] = process.argv.slice(2);
createServer((req, res) => {
  const chunks = [];
  req
    .on('data', (chunk) => chunks.push(chunk))
    .on('end', () => {
      const body = Buffer.concat(chunks); // verify the raw bytes, never a re-serialised object
      const expected = Buffer.from(
        `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
      );
      const given = Buffer.from(String(req.headers['x-webhook-signature']));
      const ok = given.length === expected.length && timingSafeEqual(given, expected);
      console.log(
        ok ? 'verified' : 'BAD SIGNATURE',
        req.headers['x-webhook-event'],
        JSON.parse(body).title,
      );
      res.writeHead(ok ? 204 : 401).end();
    });
}).listen(Number(port), '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${port}`));
