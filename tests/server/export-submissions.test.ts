import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../server/csv';
import { futureSession, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('CSV export of submissions', () => {
  it('quotes commas, quotes and new lines, and defuses spreadsheet formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          { a: 'x,y', b: 'diz "olá"\nadeus' },
          { a: '=HYPERLINK("x")', b: 3 },
        ],
      ),
    ).toBe('a,b\r\n"x,y","diz ""olá""\nadeus"\r\n"\'=HYPERLINK(""x"")",3\r\n');
  });

  // Spawns three CLI processes, each loading tsx: far slower than a plain test on a busy CI machine.
  it('exports every kind from the command line', async () => {
    const ticketSession = (await futureSession(server.db)).id;
    await server.app.inject({ method: 'POST', url: '/admin/api/newsletter', payload: { email: 'csv@example.pt', city: 'Coimbra' } });
    await server.app.inject({
      method: 'POST',
      url: '/admin/api/accreditation',
      payload: { name: 'Inês Mota', company: 'Expresso, SA', email: 'ines@expresso.pt', telf: '912345678' },
    });
    await server.app.inject({
      method: 'POST',
      url: '/admin/api/ticket',
      payload: { session_id: ticketSession, name: 'Rui', email: 'rui@example.pt', tickets: 4 },
    });
    const run = (kind: string, out: string) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/export-submissions-command.ts', kind, '--out', out], {
        env: { ...process.env, DATABASE: server.config.database },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const read = (kind: string) => {
      const out = join(server.dir, `${kind}.csv`);
      run(kind, out);
      return readFileSync(out, 'utf8');
    };
    expect(read('newsletter')).toMatch(/^\uFEFFid,created_at,email,city\r\n[0-9a-f-]{36},[^,]+,csv@example\.pt,Coimbra\r\n$/);
    expect(read('accreditation')).toContain('"Expresso, SA",ines@expresso.pt,912345678');
    expect(read('ticket')).toMatch(new RegExp(`,${ticketSession},"?.+ — .+",Rui,rui@example\\.pt,4\r\n$`));
  }, 60_000);
});
