// like and unlike: the heart changes at once and goes back if the server refuses; failures are only
// logged, as the spec says.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { patchNews, restoreNews } from './cache.ts';

interface LikeInput {
  id: string;
  liked: boolean;
}

const setLiked = ({ id, liked }: LikeInput) => rpc(liked ? 'like' : 'unlike', { news_id: id });

export function useLike() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setLiked,
    onMutate: ({ id, liked }) =>
      patchNews(qc, id, (n) => (n.user_liked === liked ? {} : { user_liked: liked, like_count: Math.max(0, n.like_count + (liked ? 1 : -1)) })),
    onSuccess: (answer, { id }) => void patchNews(qc, id, answer),
    onError: (err, _input, snapshot) => {
      restoreNews(qc, snapshot);
      console.error('Не удалось изменить отметку «Нравится»', err);
    },
  });
}
