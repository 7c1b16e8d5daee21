// Inserting a picture into the text: upload one image (images only, up to 5 MB, as every image field),
// describe it, insert it as /uploads/<id>.
import { useState } from 'react';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { fileUrl } from '../../../lib/nakama/upload.ts';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { Button, Field } from '../../../shared/ui/index.tsx';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { newsMessages as m } from '../messages.ts';

export function ImageDialog({ onInsert, onClose }: { onInsert(src: string, alt: string): void; onClose(): void }) {
  const [fileId, setFileId] = useState<string>();
  const [alt, setAlt] = useState('');
  return (
    <Dialog title={m.imageDialog} onClose={onClose}>
      <div className="stack">
        <ImageUpload label={m.imageField} shape="wide" value={fileId} placeholder="/images/default-news.svg" failedMessage={m.imageFailed} onUploaded={setFileId} />
        <Field label={m.imageAlt} name="image_alt" hint={m.imageAltHint} limit={TEXT_LIMITS.newsImageAlt} value={alt} onChange={(e) => setAlt(e.target.value)} />
        <div className="dialog-actions">
          <Button variant="ghost" onClick={onClose}>{m.cancel}</Button>
          <Button disabled={!fileId} onClick={() => fileId && onInsert(fileUrl(fileId), alt.trim())}>{m.insert}</Button>
        </div>
      </div>
    </Dialog>
  );
}
