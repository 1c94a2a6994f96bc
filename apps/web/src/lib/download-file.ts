/**
 * Hands a file built in the page (a CSV the server sent, a chart screenshot) to the browser as a
 * download. The object URL is freed a moment later, once the click has started the download.
 */
export function downloadFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
