/**
 * Hands a presigned download URL to the browser. The response carries Content-Disposition, so the
 * page stays where it is while the file downloads. Its own module so that tests can replace it.
 */
export function startDownload(url: string): void {
  window.location.assign(url);
}
