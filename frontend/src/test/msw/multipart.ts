/**
 * A small multipart/form-data reader: undici's request.formData() cannot build its File objects
 * under jsdom (whose File global is not undici's), so the test server parses the text itself.
 */
export async function readMultipart(request: Request): Promise<{
  fields: Record<string, string>;
  files: Record<string, { name: string; size: number; type: string }>;
  /** Every file part in order, for a field sent more than once (a message's `images`). */
  fileParts: Array<{ field: string; name: string; size: number; type: string }>;
}> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers.get('content-type') ?? '');
  const text = await request.text();
  const fields: Record<string, string> = {};
  const files: Record<string, { name: string; size: number; type: string }> = {};
  const fileParts: Array<{ field: string; name: string; size: number; type: string }> = [];
  if (!boundary) return { fields, files, fileParts };
  for (const part of text.split(`--${boundary[1] ?? boundary[2]}`)) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = part.slice(0, headerEnd);
    const body = part.slice(headerEnd + 4).replace(/\r\n$/, '');
    const name = /name="([^"]*)"/.exec(headers)?.[1];
    if (!name) continue;
    const filename = /filename="([^"]*)"/.exec(headers)?.[1];
    if (filename === undefined) fields[name] = body;
    else {
      const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? '';
      files[name] = { name: filename, size: new TextEncoder().encode(body).length, type };
      fileParts.push({ field: name, ...files[name] });
    }
  }
  return { fields, files, fileParts };
}
