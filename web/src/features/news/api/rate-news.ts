// rate_news: the stars change at once (the average estimated) and go back if the server refuses; the
// server's answer then sets the average and the item is fetched again. Failures are only logged.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { newsKeys, type NewsBase } from '../../../shared/api/news.ts';
import { patchNews, restoreNews } from './cache.ts';

interface RateInput {
  id: string;
  rating: number;
}

const rateNews = ({ id, rating }: RateInput) => rpc('rate_news', { news_id: id, rating });

/** The item as it will be with the viewer's rating replaced, its average to one decimal. */
function rated(n: NewsBase, rating: number): Partial<NewsBase> {
  const count = n.rating_count + (n.user_rating ? 0 : 1);
  const sum = n.average_rating * n.rating_count - n.user_rating + rating;
  return { user_rating: rating, rating_count: count, average_rating: Math.round((sum / count) * 10) / 10 };
}

export function useRateNews() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rateNews,
    onMutate: ({ id, rating }) => patchNews(qc, id, (n) => rated(n, rating)),
    onSuccess: (answer, { id }) => {
      patchNews(qc, id, answer);
      return qc.invalidateQueries({ queryKey: newsKeys.detail(id) });
    },
    onError: (err, _input, snapshot) => {
      restoreNews(qc, snapshot);
      console.error('Не удалось сохранить оценку новости', err);
    },
  });
}
