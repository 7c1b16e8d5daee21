// Checks of file ids given to RPCs.
import { invalid, type Nk } from '@tribuna/server';

/** A file id given in `field` must name an uploaded file; none (null, undefined or empty) passes. */
export async function checkFile(nk: Nk, field: string, fileId: string | null | undefined): Promise<void> {
  if (fileId && !(await nk.fileInfo(fileId))) throw invalid(`${field}: файл не найден.`);
}
