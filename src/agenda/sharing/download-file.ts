/** The browser's side of a calendar file: saving it. */
/** Saves text as a file through the browser's download. */
export function downloadFile(text: string, fileName: string, type = 'text/calendar;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
