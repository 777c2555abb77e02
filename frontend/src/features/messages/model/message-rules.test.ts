import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, isBlank, lengthHint, messageFormData } from './message-draft';
import { imageLimitsHint, pickImages } from './message-images';

const image = (name: string, type = 'image/png', size = 10) => new File([new Uint8Array(size)], name, { type });
const limits = { maxPdfBytes: 1, maxImageBytes: 2 * 1024 * 1024, maxImages: 2 };

describe('a message draft', () => {
  it('has the caps the server states in its API document', () => {
    // Vitest runs from frontend/.
    const document = JSON.parse(readFileSync(resolve(process.cwd(), '../backend/openapi.json'), 'utf8')) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, { maxLength?: number }> } }> } } }>;
    };
    const form = document.paths['/api/messages'].post.requestBody.content['multipart/form-data'].schema.properties;
    expect({ subject: form.subject.maxLength, body: form.body.maxLength }).toEqual(MESSAGE_LIMITS);
  });

  it('is blank with nothing but white space', () => {
    expect(isBlank(' \n\t ')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });

  it('says how much of the cap is used', () => {
    expect(lengthHint('x'.repeat(1234), 10_000)).toBe('1,234 / 10,000 characters');
  });

  it('is sent with its text trimmed, text before images', () => {
    const form = messageFormData({ subject: '  Hi ', body: ' there\n' }, [image('a.png'), image('b.gif', 'image/gif')]);
    expect([...form.keys()]).toEqual(['subject', 'body', 'images', 'images']);
    expect(form.get('subject')).toBe('Hi');
    expect(form.get('body')).toBe('there');
    expect((form.getAll('images') as File[]).map((file) => file.name)).toEqual(['a.png', 'b.gif']);
  });
});

describe('picking images', () => {
  it('keeps PNG, JPEG, GIF and WebP within the size and count limits, and names each left out', () => {
    const chosen = [image('first.webp', 'image/webp')];
    const picked = pickImages(chosen, [image('x.svg', 'image/svg+xml'), image('doc.pdf', 'application/pdf'), image('big.jpg', 'image/jpeg', 2 * 1024 * 1024 + 1), image('ok.gif', 'image/gif'), image('extra.png')], limits);
    expect(picked.images.map((file) => file.name)).toEqual(['first.webp', 'ok.gif']);
    expect(picked.problems).toEqual([
      'x.svg is not a PNG, JPEG, GIF or WebP image.',
      'doc.pdf is not a PNG, JPEG, GIF or WebP image.',
      'big.jpg is larger than 2 MB.',
      'extra.png was left out: at most 2 images per message.',
    ]);
  });

  it('takes an image exactly at the size limit', () => {
    expect(pickImages([], [image('edge.jpg', 'image/jpeg', 2 * 1024 * 1024)], limits).images).toHaveLength(1);
  });

  it('states the limits the server set', () => {
    expect(imageLimitsHint(limits)).toBe('PNG, JPEG, GIF or WebP; up to 2 images of 2 MB each. Location and camera details are removed.');
  });
});
