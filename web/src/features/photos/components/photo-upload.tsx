// Upload into a section: ImageUpload converts to WebP and shows progress, then the photo is created.
// The spec has photo upload failures only logged; a failed create_team_photo is shown.
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
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
        showError={false}
        onError={(message, err) => console.error(m.uploadFailedLog, message, err)}
        onUploaded={(fileId) =>
          create.mutate(
            { team_id: teamId, section_id: sectionId, file_id: fileId },
            { onSuccess: () => toast(m.photoAdded, 'success'), onError: (err) => toast(apiErrorMessage(err, m.photoAddFailed), 'error') },
          )
        }
      />
    </div>
  );
}
