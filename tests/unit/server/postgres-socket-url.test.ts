import { describe, expect, it } from 'vitest';
import { socketOf } from '../../../server/db/postgres.ts';

describe('PostgreSQL URLs naming a Unix socket (docs/deployment.md)', () => {
  it("takes libpq's `host` parameter out as the socket's folder, giving the URL a host postgres.js can parse", () => {
    expect(socketOf('postgres://user@/portico?host=/var/run/postgresql')).toEqual({ url: 'postgres://user@localhost/portico', host: '/var/run/postgresql' });
    expect(socketOf('postgresql:///portico?host=%2Frun%2Fpostgresql&options=-c%20search_path%3Dt1')).toEqual({
      url: 'postgresql://localhost/portico?options=-c+search_path%3Dt1',
      host: '/run/postgresql',
    });
  });

  it('leaves a TCP URL as it is', () => {
    for (const url of ['postgres://postgres@127.0.0.1:5432/test', 'postgres://u:p@db:5432/x?options=-c%20search_path%3Dt1']) expect(socketOf(url)).toEqual({ url });
  });
});
