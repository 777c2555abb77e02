import { loadConfig } from '../../../config/app-config.js';
import { commentToHtml, commentToText } from './comment-markup.js';
import { MailRenderer } from './mail-renderer.js';
import { MailTemplate } from './mail-template.js';

// The cases of the web app's comment-markup tests: the e-mail shows what the page shows.
describe('comment markup in e-mails', () => {
  describe('HTML part', () => {
    it('shows a script tag as text and creates no script element', () => {
      expect(commentToHtml('<script>alert(1)</script>')).toBe('<p style="margin:0 0 8px;">&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    });

    it('turns no markdown link into an anchor', () => {
      const html = commentToHtml('[x](javascript:alert(1))');
      expect(html).not.toContain('<a');
      expect(html).toContain('[x](javascript:alert(1))');
    });

    it('keeps HTML inside bold literal: a <strong> with the tag as text and no <img>', () => {
      const html = commentToHtml('**<img src=x onerror=alert(1)>**');
      expect(html).toContain('<strong>&lt;img src=x onerror=alert(1)&gt;</strong>');
      expect(html).not.toContain('<img');
    });

    it('leaves other HTML and images literal', () => {
      const html = commentToHtml('<b>hi</b> ![i](http://x/y.png) <a href="http://evil">e</a>');
      expect(html).not.toMatch(/<(b|img|a)[\s>]/);
      expect(html).toContain('&lt;b&gt;hi&lt;/b&gt; ![i](http://x/y.png) &lt;a href=&quot;http://evil&quot;&gt;e&lt;/a&gt;');
    });

    it('renumbers numbered lines from 1 in an <ol> without a start attribute', () => {
      const html = commentToHtml('3. first\n7. second\n9) third');
      expect(html).toBe('<ol style="margin:0 0 8px;padding-left:24px;"><li>first</li><li>second</li><li>third</li></ol>');
    });

    it('makes * and - lines bullet items and **x** bold', () => {
      const html = commentToHtml('Intro **bold** text\n* one\n- **two**');
      expect(html).toBe(
        '<p style="margin:0 0 8px;">Intro <strong>bold</strong> text</p>\n' +
          '<ul style="margin:0 0 8px;padding-left:24px;"><li>one</li><li><strong>two</strong></li></ul>',
      );
    });

    it('keeps other lines as text with line breaks, and a blank line starts a new paragraph', () => {
      expect(commentToHtml('line one\r\nline two\n\nnext & last')).toBe(
        '<p style="margin:0 0 8px;">line one<br>line two</p>\n<p style="margin:0 0 8px;">next &amp; last</p>',
      );
    });
  });

  describe('text part', () => {
    it('drops the bold markers, writes bullets as "- " and renumbers numbered lines', () => {
      expect(commentToText('Intro **bold** text\n* one\n- **two**\n\n3. first\n7) second')).toBe(
        'Intro bold text\n\n- one\n- two\n\n1. first\n2. second',
      );
    });

    it('keeps everything else as written, HTML included', () => {
      expect(commentToText('<script>alert(1)</script>\nline two')).toBe('<script>alert(1)</script>\nline two');
    });
  });

  describe('the paper-comment e-mail', () => {
    const renderer = new MailRenderer(loadConfig({ JOURNAL_NAME: 'Young Scientists Journal' }));
    const mail = renderer.render(MailTemplate.PaperComment, {
      title: 'Microplastics <after> rain',
      comment: 'Please check:\n* the **units** in table 2\n* <script>alert(1)</script>',
      paperUrl: 'https://journal.example/papers/p1',
    });

    it('renders the subset in the HTML part and nothing else as tags', () => {
      expect(mail.html).toContain('<p style="margin:0 0 8px;">Please check:</p>');
      expect(mail.html).toContain('<li>the <strong>units</strong> in table 2</li>');
      expect(mail.html).toContain('<li>&lt;script&gt;alert(1)&lt;/script&gt;</li>');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('**');
      expect(mail.html).toContain('Microplastics &lt;after&gt; rain');
    });

    it('has a readable text part without the markers', () => {
      expect(mail.text).toContain('Please check:\n\n- the units in table 2\n- <script>alert(1)</script>');
      expect(mail.text).not.toContain('**');
    });
  });
});
