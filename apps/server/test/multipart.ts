export interface TestFile {
  name: string;
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body with these fields and files, and its content-type header. */
export function multipart(fields: Record<string, string>, ...files: (TestFile | undefined)[]) {
  const boundary = `----test${Date.now()}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const file of files) {
    if (!file) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
