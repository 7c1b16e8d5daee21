// The team's avatar, changed by its managers from the team's header: loaded only when they open it, so the
// team's pages do not load the dialog and the image field for everyone.
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import type { TeamWithViewer } from '../../../shared/api/teams.ts';
import { useUpdateTeam } from '../api/update-team.ts';
import { teamMessages as m } from '../messages.ts';

export function AvatarDialog({ team, onClose }: { team: TeamWithViewer; onClose(): void }) {
  const update = useUpdateTeam();
  const toast = useToast();
  return (
    <Dialog title={m.changeAvatar} onClose={onClose}>
      <ImageUpload
        label={m.avatar}
        value={team.avatar_id}
        placeholder="/images/default-team.svg"
        confirm
        failedMessage={m.avatarFailed}
        onUploaded={async (uuid) => {
          await update.mutateAsync({ id: team.id, avatar_id: uuid });
          toast(m.avatarSaved, 'success');
          onClose();
        }}
      />
    </Dialog>
  );
}
