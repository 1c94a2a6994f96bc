import PDFDocument from 'pdfkit';

/**
 * pdfkit documents as buffers, and the money and time formats the reports print. The built-in
 * Helvetica has no ₹ glyph (WinAnsi), so every amount is written "Rs." with Indian digit
 * grouping rather than bundling a font.
 */
export type Pdf = InstanceType<typeof PDFDocument>;

export async function renderPdf(title: string, draw: (doc: Pdf) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: { Title: title, Author: 'Nivesh (paper trading)' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

const grouping = new Intl.NumberFormat('en-IN');

/** Paise as "Rs. 1,23,456.78" (negative as "-Rs. 12.30"). */
export function rs(paise: bigint): string {
  const negative = paise < 0n;
  const abs = negative ? -paise : paise;
  const text = `Rs. ${grouping.format(abs / 100n)}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** The same without the "Rs." (table cells under a heading that names the currency). */
export function amount(paise: bigint): string {
  return rs(paise).replace('Rs. ', '');
}

export function heading(doc: Pdf, title: string, lines: string[]): void {
  doc.font('Helvetica-Bold').fontSize(15).text(title);
  doc.moveDown(0.3).font('Helvetica').fontSize(9);
  for (const line of lines) doc.text(line);
  doc.moveDown(0.6);
}

export function section(doc: Pdf, title: string): void {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text(title, doc.page.margins.left);
  doc.moveDown(0.3).font('Helvetica').fontSize(8);
}

/** A table with a bold header row; `right` lists the columns holding numbers. */
export function table(
  doc: Pdf,
  header: string[],
  rows: string[][],
  right: number[] = [],
  maxWidth?: number,
): void {
  doc.x = doc.page.margins.left;
  doc.table({
    ...(maxWidth ? { maxWidth } : {}),
    columnStyles: (i: number) => ({ align: { x: right.includes(i) ? 'right' : 'left', y: 'center' } }),
    rowStyles: (i: number) => (i === 0 ? { backgroundColor: '#eeeeee' } : {}),
    defaultStyle: { border: 0.5, borderColor: '#999999', padding: 3 },
    data: [header.map((text) => ({ text, font: { src: 'Helvetica-Bold' } })), ...rows],
  });
  doc.font('Helvetica').fontSize(8);
}
