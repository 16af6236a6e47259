/** Saves a downloaded file (an export) under its name, as the browser's own download would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoked a moment later: some browsers start reading the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
