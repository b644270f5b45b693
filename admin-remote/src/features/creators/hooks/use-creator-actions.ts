/**
 * The dialog flows of creator management (docs/product.md §5), shared by Manage Creators and the admin extras
 * on the public search cards so both behave the same: confirmed delete, and merge with the primary
 * chosen by number in a prompt, then a confirmation.
 */
import { MESSAGES, errorAlert, type CreatorListItem } from '@friends/shared';
import { reportError } from '../../../lib/report-error';
import { useDeleteCreator } from '../api/delete-creator';
import { useMergeCreators } from '../api/merge-creators';

export type Named = Pick<CreatorListItem, 'id' | 'name'>;

/** '1. Name' … 'n. Name' and the question, as the prompt shows it. */
export function mergePromptText(candidates: readonly Named[]): string {
  const lines = candidates.map((creator, index) => `${index + 1}. ${creator.name}`);
  return `Which creator should be kept as the primary? Enter its number (1-${candidates.length}):\n\n${lines.join('\n')}`;
}

/** The chosen primary's index, or null when the answer is not a whole number 1..n. */
export function parsePrimaryChoice(answer: string, count: number): number | null {
  const text = answer.trim();
  if (!/^\d+$/.test(text)) return null;
  const choice = Number(text);
  return choice >= 1 && choice <= count ? choice - 1 : null;
}

export function useCreatorActions() {
  const deleteMutation = useDeleteCreator();
  const mergeMutation = useMergeCreators();

  /** Confirm, then DELETE; true when the creator was deleted. */
  const confirmAndDelete = async (creator: Named): Promise<boolean> => {
    if (
      !window.confirm(
        `Are you sure you want to delete "${creator.name}"? They will be removed from every video.`,
      )
    ) {
      return false;
    }
    try {
      await deleteMutation.mutateAsync(creator.id);
      return true;
    } catch (error) {
      reportError(error, MESSAGES.errorDeletingCreator);
      return false;
    }
  };

  /**
   * Needs 2+ creators; the primary is picked by number (cancelling the prompt simply stops, any other
   * answer that is not 1..n alerts 'Invalid selection'); a confirm; then PATCH. True when merged.
   */
  const merge = async (candidates: readonly Named[]): Promise<boolean> => {
    if (candidates.length < 2) {
      window.alert(MESSAGES.needTwoToMerge);
      return false;
    }
    const answer = window.prompt(mergePromptText(candidates));
    if (answer === null) return false;
    const index = parsePrimaryChoice(answer, candidates.length);
    const primary = index === null ? undefined : candidates[index];
    if (!primary) {
      window.alert(MESSAGES.invalidSelection);
      return false;
    }
    const others = candidates.filter((creator) => creator.id !== primary.id);
    const names = others.map((creator) => `"${creator.name}"`).join(', ');
    if (
      !window.confirm(
        `Merge ${names} into "${primary.name}"? Their videos move to "${primary.name}" and they are deleted.`,
      )
    ) {
      return false;
    }
    try {
      const result = await mergeMutation.mutateAsync({
        primaryId: primary.id,
        mergeIds: others.map((creator) => creator.id),
      });
      window.alert(result?.message || `Merged ${others.length} creator(s) into "${primary.name}".`);
      return true;
    } catch (error) {
      reportError(error, MESSAGES.failedToMerge, { serverMessageFor: 'any', format: errorAlert });
      return false;
    }
  };

  return {
    confirmAndDelete,
    merge,
    isMerging: mergeMutation.isPending,
    isDeleting: deleteMutation.isPending,
  };
}
