// Upload into a section: several images at once, each converted to WebP and uploaded with its progress,
// then created as a photo of the section; a failure shows beside its file.
import { countOf } from '../../../shared/i18n/number.ts';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useCreatePhoto } from '../api/create-team-photo.ts';
import { photoMessages as m } from '../messages.ts';

export function PhotoUpload({ teamId, sectionId }: { teamId: string; sectionId: string }) {
  const toast = useToast();
  const create = useCreatePhoto(teamId);
  return (
    <div className="photo-upload">
      <ImageUpload
        key={sectionId}
        label={m.upload}
        multiple
        failedMessage={m.photoAddFailed}
        onUploaded={async (fileId) => {
          await create.mutateAsync({ team_id: teamId, section_id: sectionId, file_id: fileId });
        }}
        onFinished={(ok) => {
          if (ok === 1) toast(m.photoAdded, 'success');
          else if (ok > 1) toast(m.photosAdded(countOf(ok, ['фото', 'фото', 'фото'])), 'success');
        }}
      />
    </div>
  );
}
