// Where an uploaded file is served: apart from the upload code, so a page that only shows files
// (the home page) does not load it.

/** The URL an uploaded file is served at. */
export function fileUrl(id: string): string {
  return `/uploads/${encodeURIComponent(id)}`;
}
