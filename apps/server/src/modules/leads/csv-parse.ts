/** A strict RFC 4180 parser (tests read exports back with it): CRLF rows, quoted fields, "" escapes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
      } else {
        cell += c;
        i++;
      }
    } else if (c === '"' && cell === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 2;
    } else if (c === '\r' || c === '\n' || c === '"') {
      throw new Error(`unquoted ${JSON.stringify(c)} at ${i}`);
    } else {
      cell += c;
      i++;
    }
  }
  if (quoted) throw new Error('unterminated quote');
  if (cell !== '' || row.length) throw new Error('last row not terminated by CRLF');
  return rows;
}
