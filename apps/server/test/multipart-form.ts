export interface FormFile {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A multipart/form-data body as a browser sends it, for `inject`: text fields first, then the files, unless `filesFirst`. */
export function multipartForm(fields: Record<string, string>, files: FormFile[] = [], options: { filesFirst?: boolean } = {}) {
  const boundary = `----churchtrades-test-${Math.random().toString(16).slice(2)}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileParts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.content,
    Buffer.from('\r\n'),
  ]);
  const parts = options.filesFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) };
}
