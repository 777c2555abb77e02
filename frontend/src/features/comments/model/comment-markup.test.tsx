import { render } from '@testing-library/react';
import { CommentBody } from './comment-markup';

function renderComment(text: string) {
  return render(<CommentBody text={text} />).container;
}

describe('comment markup (React elements only)', () => {
  it('shows a script tag as text and creates no script element', () => {
    const container = renderComment('<script>alert(1)</script>');
    expect(container).toHaveTextContent('<script>alert(1)</script>');
    expect(container.querySelector('script')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
  });

  it('turns no markdown link into an anchor', () => {
    const container = renderComment('[x](javascript:alert(1))');
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('[x](javascript:alert(1))');
  });

  it('keeps HTML inside bold literal: a <strong> with the tag as text and no <img>', () => {
    const container = renderComment('**<img src=x onerror=alert(1)>**');
    const strong = container.querySelector('strong');
    expect(strong).not.toBeNull();
    expect(strong!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
  });

  it('leaves other HTML and images literal', () => {
    const container = renderComment('<b>hi</b> ![i](http://x/y.png) <a href="http://evil">e</a>');
    expect(container.querySelector('b, img, a')).toBeNull();
    expect(container).toHaveTextContent('<b>hi</b> ![i](http://x/y.png) <a href="http://evil">e</a>');
  });

  it('renumbers numbered lines from 1 in an <ol> without a start attribute', () => {
    const container = renderComment('3. first\n7. second\n9) third');
    const list = container.querySelector('ol');
    expect(list).not.toBeNull();
    expect(list!.hasAttribute('start')).toBe(false);
    const items = [...list!.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['first', 'second', 'third']);
    expect(container).not.toHaveTextContent('3.');
    expect(container).not.toHaveTextContent('7.');
  });

  it('makes * and - lines bullet items and **x** bold', () => {
    const container = renderComment('Intro **bold** text\n* one\n- **two**');
    expect(container.querySelector('p strong')!.textContent).toBe('bold');
    const items = [...container.querySelectorAll('ul > li')];
    expect(items.map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(items[1].querySelector('strong')).not.toBeNull();
  });

  it('keeps other lines as text with line breaks', () => {
    const container = renderComment('line one\nline two');
    const paragraph = container.querySelector('p')!;
    expect(paragraph.querySelectorAll('br')).toHaveLength(1);
    expect(paragraph).toHaveTextContent('line oneline two');
  });
});
