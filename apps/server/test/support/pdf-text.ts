import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, line by line, from its content streams: enough to check what pdfkit
 * wrote with the standard fonts (hex strings in TJ arrays, WinAnsi bytes), not a general reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // not a deflated stream (fonts, images)
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      out.push(
        [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
          .join(''),
      );
  }
  return out.join('\n');
}

/** How many pages the document has. */
export function pdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}
