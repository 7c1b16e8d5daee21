// Add a video to a section or edit one (managers only; the server checks it too).
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS, tagsBoxLimit } from '@tribuna/portal/text-limits';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { Button, Field, Notice, TextAreaField } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useCreateVideo } from '../api/create-team-video.ts';
import type { Video, VideoSection } from '@tribuna/portal/types';
import { useUpdateVideo, type VideoUpdate } from '../api/update-team-video.ts';
import { videoMessages as m } from '../messages.ts';
import { parseTags, validateVideoForm, type VideoFormErrors, type VideoFormValues } from './video-form.ts';

interface Props {
  teamId: string;
  sections: readonly VideoSection[];
  /** Editing this video; otherwise a new one goes to sectionId. */
  video?: Video;
  sectionId: string;
  onClose(): void;
}

export function VideoDialog({ teamId, sections, video, sectionId, onClose }: Props) {
  const toast = useToast();
  const create = useCreateVideo(teamId);
  const update = useUpdateVideo(teamId);
  const [v, setV] = useState<VideoFormValues>({
    title: video?.title ?? '',
    description: video?.description ?? '',
    url: video?.embed_url ?? '',
    tags: video?.tags?.join(', ') ?? '',
    sectionId: video?.section_id ?? sectionId,
  });
  const [errors, setErrors] = useState<VideoFormErrors>({});
  const [failure, setFailure] = useState<string>();
  const pending = create.isPending || update.isPending;
  const set = (patch: Partial<VideoFormValues>) => setV((old) => ({ ...old, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateVideoForm(v);
    setErrors(found);
    if (Object.keys(found).length) return;
    setFailure(undefined);
    const fields = { title: v.title.trim(), description: v.description.trim(), tags: parseTags(v.tags) };
    try {
      if (video) {
        const patch: VideoUpdate = { id: video.id, ...fields };
        // The stored link is already in embed form; send it only when it was changed.
        if (v.url.trim() !== video.embed_url) patch.embed_url = v.url.trim();
        if (v.sectionId !== video.section_id) patch.section_id = v.sectionId;
        await update.mutateAsync(patch);
      } else {
        await create.mutateAsync({ team_id: teamId, section_id: v.sectionId, embed_url: v.url.trim(), ...fields });
      }
    } catch (err) {
      setFailure(apiErrorMessage(err, m.actionFailed));
      return;
    }
    toast(video ? m.videoSaved : m.videoCreated, 'success');
    onClose();
  }

  return (
    <Dialog title={video ? m.videoFormEdit : m.videoFormCreate} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <Field label={m.fieldTitle} id="video-title" data-autofocus limit={TEXT_LIMITS.mediaTitle} value={v.title} error={errors.title} onChange={(e) => set({ title: e.target.value })} />
        <Field label={m.fieldUrl} id="video-url" type="url" inputMode="url" hint={m.fieldUrlHint} limit={TEXT_LIMITS.embedUrl} counter="near" value={v.url} error={errors.url} onChange={(e) => set({ url: e.target.value })} />
        <TextAreaField label={m.fieldDescription} id="video-description" rows={3} limit={TEXT_LIMITS.mediaDescription} value={v.description} onChange={(e) => set({ description: e.target.value })} />
        <Field label={m.fieldTags} id="video-tags" hint={m.fieldTagsHint} limit={tagsBoxLimit(TEXT_LIMITS.videoTags, TEXT_LIMITS.videoTag)} counter="near" value={v.tags} error={errors.tags} onChange={(e) => set({ tags: e.target.value })} />
        <div className="field">
          <label htmlFor="video-section">{m.fieldSection}</label>
          <select id="video-section" value={v.sectionId} onChange={(e) => set({ sectionId: e.target.value })}>
            {sections.map((s) => (
              <option key={s.id} value={s.id}>{s.title}</option>
            ))}
          </select>
        </div>
        {failure && <Notice kind="error">{failure}</Notice>}
        <div className="dialog-actions">
          <Button variant="ghost" onClick={onClose}>{m.cancel}</Button>
          <button type="submit" className="btn btn-primary" disabled={pending}>{pending ? m.saving : video ? m.save : m.create}</button>
        </div>
      </form>
    </Dialog>
  );
}
