import { createSocket } from 'node:dgram';
import { isIPv6 } from 'node:net';

/**
 * A minimal authoritative DNS server over UDP for tests. `records` maps `'<TYPE> <name>'` (TYPE one
 * of TXT, A, AAAA, CNAME) to its values, e.g. `'A shop.test' → ['127.0.0.1']`; read at each query,
 * so a test changes DNS by changing the map. A and AAAA questions for a name with a CNAME get the
 * CNAME and the target's records (as a recursive resolver answers); a name with no record of any
 * type is NXDOMAIN. Real packets, so the app's node:dns Resolver runs unchanged. The app finds it
 * through DNS_SERVERS; `port` 0 picks a free one (the browser journeys use a fixed UDP port, since
 * their server's DNS_SERVERS is set before the test starts).
 */
export type DnsRecords = Map<string, string[]>;

const types: Record<number, string> = { 1: 'A', 5: 'CNAME', 16: 'TXT', 28: 'AAAA' };

function encodeName(name: string): Buffer {
  const parts = name
    .split('.')
    .filter(Boolean)
    .map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'ascii')]));
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const h = groups(head);
  const t = groups(tail);
  const all = address.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  const out = Buffer.alloc(16);
  all.forEach((g, i) => {
    out.writeUInt16BE(Number.parseInt(g, 16), i * 2);
  });
  return out;
}

function rdataOf(type: string, value: string): Buffer {
  if (type === 'A') return Buffer.from(value.split('.').map(Number));
  if (type === 'AAAA') return ipv6Bytes(value);
  if (type === 'CNAME') return encodeName(value);
  const text = Buffer.from(value);
  return Buffer.concat([Buffer.from([text.length]), text]);
}

function record(owner: Buffer, type: string, value: string): Buffer {
  const code = Number(Object.entries(types).find(([, t]) => t === type)?.[0]);
  const rdata = rdataOf(type, value);
  const rr = Buffer.alloc(10);
  rr.writeUInt16BE(code, 0);
  rr.writeUInt16BE(1, 2); // IN
  rr.writeUInt32BE(60, 4);
  rr.writeUInt16BE(rdata.length, 8);
  return Buffer.concat([owner, rr, rdata]);
}

export async function startDnsServer(records: DnsRecords, port = 0): Promise<{ address: string; close: () => Promise<void> }> {
  const socket = createSocket('udp4');
  const known = (name: string) => ['TXT', 'A', 'AAAA', 'CNAME'].some((t) => records.has(`${t} ${name}`));
  socket.on('message', (query, peer) => {
    if (query.length < 12) return;
    let offset = 12;
    const labels: string[] = [];
    while (offset < query.length && query[offset] !== 0) {
      const len = query[offset];
      labels.push(query.subarray(offset + 1, offset + 1 + len).toString('ascii'));
      offset += len + 1;
    }
    offset += 1;
    const type = types[query.readUInt16BE(offset)] ?? '';
    const question = query.subarray(12, offset + 4);
    const name = labels.join('.').toLowerCase();
    const pointer = Buffer.from([0xc0, 0x0c]); // the question's name
    const answers: Buffer[] = [];
    const cname = records.get(`CNAME ${name}`)?.[0];
    if (cname && type !== 'CNAME') {
      answers.push(record(pointer, 'CNAME', cname));
      if (type === 'A' || type === 'AAAA') {
        const target = cname.toLowerCase().replace(/\.$/, '');
        for (const v of records.get(`${type} ${target}`) ?? []) answers.push(record(encodeName(target), type, v));
      }
    } else {
      for (const v of records.get(`${type} ${name}`) ?? []) {
        if (type === 'AAAA' && !isIPv6(v)) continue;
        answers.push(record(pointer, type, v));
      }
    }
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(known(name) ? 0x8580 : 0x8583, 2); // response, authoritative; NXDOMAIN when unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, question, ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
