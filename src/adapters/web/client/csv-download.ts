// Saves text built in the page as a file: a Blob and a temporary `a[download]`, nothing sent to the server.

/** Starts the download of `text` as `fileName`. A UTF-8 byte order mark lets spreadsheets read accented titles. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the click; the object URL is kept a moment for browsers that read it late.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
