// A match's result: reported, confirmed or disputed; each answer is the match, put straight into its page.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Match } from '@tribuna/portal/types';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { matchKeys, refreshMatchLists } from '../keys.ts';

const settle = (qc: QueryClient, match: Match) => {
  qc.setQueryData(matchKeys.detail(match.id), match);
  return refreshMatchLists(qc);
};

export function useSetMatchResult() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RpcInput<'set_match_result'>) => rpc('set_match_result', input),
    onSuccess: (match) => settle(qc, match),
  });
}

export function useConfirmMatchResult() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (matchId: string) => rpc('confirm_match_result', { match_id: matchId }),
    onSuccess: (match) => settle(qc, match),
  });
}

export function useDisputeMatchResult() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RpcInput<'dispute_match_result'>) => rpc('dispute_match_result', input),
    onSuccess: (match) => settle(qc, match),
  });
}
