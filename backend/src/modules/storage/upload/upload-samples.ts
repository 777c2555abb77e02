/** The smallest heads of each kind of file the policies meet, for their tests. */
export const sampleFiles = {
  pdf: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from([0, 0, 0, 13]),
    Buffer.from('IHDR'),
    Buffer.alloc(13 + 4),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('IDAT'),
    Buffer.alloc(4),
  ]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)]),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(64)]),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  xmlSvg: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>'),
  html: Buffer.from('<html><body><script>alert(1)</script></body></html>'),
  pdfWithoutDash: Buffer.from('%PDF1.7\nnot quite a header'),
} as const;
