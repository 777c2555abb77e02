import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText } from 'unpdf';
import { DEFAULT_DATE_STYLE } from '../../../common/web-shared/journal-dates.js';
import { drawableText, renderReviewCertificate } from './review-certificate-pdf.js';

describe('review certificate PDF', () => {
  it('draws what WinAnsi has, strips the accents it lacks, and marks the rest', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.TimesRoman);
    expect(drawableText('Zoë Łukasz 李', font)).toBe('Zoë Lukasz ?');
    expect(drawableText('Şerban  Đorđević\tŒuvre', font)).toBe('Serban Dordevic Œuvre');
    expect(drawableText('José Müller-Lüdenscheidt', font)).toBe('José Müller-Lüdenscheidt');
  });

  it("writes the day in the journal's locale and time zone", async () => {
    const subjectIn = async (dateStyle: typeof DEFAULT_DATE_STYLE) =>
      (await PDFDocument.load(await renderReviewCertificate({ reviewerName: 'A', journalName: 'J', submittedAt: new Date('2026-11-24T23:30:00Z'), dateStyle, orcidId: null }))).getSubject();
    expect(await subjectIn(DEFAULT_DATE_STYLE)).toBe('Peer review by A for J, November 24, 2026');
    expect(await subjectIn({ locale: 'en-GB', timeZone: 'Asia/Tokyo' })).toBe('Peer review by A for J, 25 November 2026');
  });

  it('names the reviewer, the journal, the day and the iD, and keeps the exact name in its metadata', async () => {
    const pdf = await renderReviewCertificate({
      reviewerName: 'Zoë Łukasz 李',
      journalName: 'Young Scientists Journal',
      submittedAt: new Date('2026-11-24T10:00:00Z'),
      dateStyle: DEFAULT_DATE_STYLE,
      orcidId: '0000-0002-1825-0097',
    });
    // pdf.js takes the buffer it is given over: it reads a copy.
    const { text } = await extractText(pdf.slice(), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Certificate of Peer Review');
    expect(flat).toContain('Zoë Lukasz ?');
    expect(flat).toContain('reviewed a manuscript for Young Scientists Journal');
    expect(flat).toContain('November 24, 2026');
    expect(flat).toContain('ORCID iD: https://orcid.org/0000-0002-1825-0097');

    const document = await PDFDocument.load(pdf);
    expect(document.getTitle()).toBe('Certificate of Peer Review');
    expect(document.getSubject()).toBe('Peer review by Zoë Łukasz 李 for Young Scientists Journal, November 24, 2026');
    expect(document.getAuthor()).toBe('Young Scientists Journal');
    const [page] = document.getPages();
    expect(page.getWidth()).toBeGreaterThan(page.getHeight());
  });
});
