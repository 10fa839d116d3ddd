import { createSocket } from 'node:dgram';

/**
 * A minimal authoritative DNS server over UDP for tests: answers TXT questions from `records`
 * (name → values), NXDOMAIN otherwise. Real packets, so the app's node:dns Resolver runs unchanged.
 * The app finds it through DNS_SERVERS; `port` 0 picks a free one (the browser journeys use a fixed
 * UDP port, since their server's DNS_SERVERS is set before the test starts).
 */
export async function startDnsServer(records: Map<string, string[]>, port = 0): Promise<{ address: string; close: () => Promise<void> }> {
  const socket = createSocket('udp4');
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
    const qtype = query.readUInt16BE(offset);
    const question = query.subarray(12, offset + 4);
    const name = labels.join('.').toLowerCase();
    const values = qtype === 16 ? (records.get(name) ?? []) : [];
    const answers = values.map((v) => {
      const text = Buffer.from(v);
      const rdata = Buffer.concat([Buffer.from([text.length]), text]);
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0); // pointer to the question's name
      rr.writeUInt16BE(16, 2); // TXT
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(60, 6);
      rr.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([rr, rdata]);
    });
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(records.has(name) ? 0x8580 : 0x8583, 2); // response, authoritative; NXDOMAIN when unknown
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
