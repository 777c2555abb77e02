import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real one-page PDF with this line of text. */
export async function realPdf(text: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  page.drawText(text, { x: 56, y: 780, size: 14, font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
}
