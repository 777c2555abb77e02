import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';

export interface PaperPdfContent {
  title: string;
  authors: { name: string; school?: string | null }[];
  abstract: string;
  journalName: string;
  publishedAt: Date | null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };

/** The standard fonts only encode WinAnsi; anything else becomes '?' rather than an error. */
const winAnsi = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of winAnsi(text).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A one-page PDF with the paper's title, authors and abstract (the demo papers' files). */
export async function renderPaperPdf(content: PaperPdfContent): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(winAnsi(content.title));
  document.setAuthor(winAnsi(content.authors.map((author) => author.name).join(', ')));
  document.setSubject(winAnsi(content.journalName));
  document.setCreationDate(content.publishedAt ?? new Date(0));
  document.setModificationDate(content.publishedAt ?? new Date(0));
  const page = document.addPage([PAGE.width, PAGE.height]);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.height - PAGE.margin;
  const draw = (text: string, font: PDFFont, size: number, gap = 4, color = rgb(0, 0, 0)) => {
    for (const line of wrap(text, font, size, width)) {
      y -= size;
      if (y < PAGE.margin) return;
      page.drawText(line, { x: PAGE.margin, y, size, font, color });
      y -= gap;
    }
  };
  draw(content.journalName, regular, 10, 4, rgb(0.35, 0.35, 0.35));
  y -= 18;
  draw(content.title, bold, 18, 6);
  y -= 8;
  draw(content.authors.map((author) => author.name).join(', '), regular, 12);
  const schools = [...new Set(content.authors.map((author) => author.school).filter(Boolean))];
  if (schools.length) draw(schools.join('; '), regular, 10, 4, rgb(0.35, 0.35, 0.35));
  if (content.publishedAt) draw(`Published ${content.publishedAt.toISOString().slice(0, 10)}`, regular, 10, 4, rgb(0.35, 0.35, 0.35));
  y -= 18;
  draw('Abstract', bold, 13, 6);
  draw(content.abstract, regular, 11, 5);
  return document.save();
}
