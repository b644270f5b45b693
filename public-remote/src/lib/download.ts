/** Saves text the page already holds as a file (a Blob and a temporary link): nothing is fetched. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has the URL when it starts.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
