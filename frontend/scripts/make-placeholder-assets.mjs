// Generates the journal's placeholder assets in public/ from the content module: a one-page PDF
// per journal issue and featured paper, an SVG cover per issue and an SVG portrait (initials)
// per board member. Run once after the content changes (`node scripts/make-placeholder-assets.mjs`
// from frontend/) and commit the output; the app never generates them at runtime.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { editorialBoard } from '../src/shared/content/editorial-board.ts';
import { featuredPapers, journal, journalIssues } from '../src/shared/content/journal.ts';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
// Fixed dates keep the output byte-identical between runs.
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

async function write(urlPath, data) {
  const file = join(publicDir, urlPath);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data);
}

function wrap(text, font, size, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

// The standard fonts only encode WinAnsi; keep the text to characters they can draw.
const ascii = (text) => text.replace(/°/g, ' deg').replace(/[’‘]/g, "'").replace(/[^\x20-\x7e]/g, '-');

async function onePagePdf({ title, subtitle, body }) {
  const doc = await PDFDocument.create();
  doc.setTitle(ascii(title));
  doc.setAuthor(journal.name);
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const page = doc.addPage([595, 842]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  page.drawText(journal.name, { x: 50, y, size: 12, font: bold, color: rgb(0.26, 0.22, 0.79) });
  y -= 40;
  for (const line of wrap(ascii(title), bold, 20, 495)) {
    page.drawText(line, { x: 50, y, size: 20, font: bold });
    y -= 26;
  }
  y -= 6;
  for (const line of wrap(ascii(subtitle), regular, 12, 495)) {
    page.drawText(line, { x: 50, y, size: 12, font: regular, color: rgb(0.3, 0.3, 0.35) });
    y -= 16;
  }
  y -= 20;
  for (const line of wrap(ascii(body), regular, 11, 495)) {
    page.drawText(line, { x: 50, y, size: 11, font: regular });
    y -= 15;
  }
  page.drawText('Placeholder document: the full text is published in the journal.', {
    x: 50, y: 60, size: 9, font: regular, color: rgb(0.4, 0.4, 0.45),
  });
  return doc.save({ useObjectStreams: true });
}

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// Cover text is wrapped by Helvetica's widths with room to spare: a browser without Helvetica or
// Arial draws it in a wider sans-serif (DejaVu Sans is about a fifth wider), which must still fit.
const coverFont = await (await PDFDocument.create()).embedFont(StandardFonts.HelveticaBold);
const COVER_TEXT_WIDTH = (300 - 2 * 24) / 1.25;
const COVER_FONT = `font-family="Helvetica, Arial, 'Liberation Sans', sans-serif"`;

function coverLines(text, size, x, firstY, lineHeight, attributes) {
  return wrap(text, coverFont, size, COVER_TEXT_WIDTH).map(
    (line, index) => `  <text x="${x}" y="${firstY + index * lineHeight}" ${attributes} ${COVER_FONT} font-size="${size}">${escapeXml(line)}</text>`,
  );
}

function coverSvg(issue, index) {
  const hues = [231, 262, 199];
  const hue = hues[index % hues.length];
  const month = new Date(`${issue.publishDate}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const title = coverLines(issue.title, 28, 24, 200, 34, 'fill="#fff" font-weight="700"');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400" role="img" aria-label="${escapeXml(`${issue.title} cover`)}">
  <rect width="300" height="400" fill="hsl(${hue} 60% 30%)"/>
  <circle cx="240" cy="90" r="70" fill="hsl(${hue} 70% 45%)" opacity="0.6"/>
  <circle cx="60" cy="330" r="90" fill="hsl(${hue} 70% 55%)" opacity="0.35"/>
${coverLines(journal.name, 18, 24, 56, 24, 'fill="#fff" font-weight="700"').join('\n')}
${title.join('\n')}
${coverLines(month, 16, 24, 196 + title.length * 34 + 4, 20, 'fill="#e0e7ff"').join('\n')}
</svg>
`;
}

function portraitSvg(member, index) {
  const hue = (index * 47 + 200) % 360;
  const initials = member.name.replace(/^Dr\.\s+/, '').split(/\s+/).map((part) => part[0]).join('').slice(0, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="${escapeXml(member.name)}">
  <rect width="160" height="160" rx="80" fill="hsl(${hue} 55% 35%)"/>
  <text x="80" y="96" text-anchor="middle" fill="#fff" font-family="Helvetica, Arial, sans-serif" font-size="52" font-weight="700">${escapeXml(initials)}</text>
</svg>
`;
}

for (const [index, issue] of journalIssues.entries()) {
  await write(issue.pdfUrl, await onePagePdf({ title: issue.title, subtitle: issue.publishDate, body: issue.description }));
  await write(issue.coverImage, coverSvg(issue, index));
}
for (const paper of featuredPapers) {
  await write(paper.pdfUrl, await onePagePdf({
    title: paper.title,
    subtitle: `${paper.authors.join(', ')} - ${paper.school} - ${paper.category} - ${paper.publishDate}`,
    body: paper.abstract,
  }));
}
for (const [index, member] of editorialBoard.entries()) {
  await write(member.photo, portraitSvg(member, index));
}
console.log(`Wrote ${journalIssues.length * 2 + featuredPapers.length + editorialBoard.length} files to ${publicDir}`);
