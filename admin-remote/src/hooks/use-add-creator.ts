/**
 * docs/product.md §5 'Add creator', shared by the Add New Creator form and the quick-add box: a blank name is
 * refused with an alert, a case-insensitive duplicate (the API's 409: it holds the only complete list)
 * gives the 'already exists' alert and the caller resets its form.
 */
import { MESSAGES, creatorExistsMessage, type SavedCreator } from '@friends/shared';
import { useCreateCreator } from '../api/create-creator';
import { isApiClientError } from '@friends/web/api-client';
import { reportError } from '../lib/report-error';
import { creatorInputFromDraft, type CreatorDraft } from '../components/creator-fields';

export type AddCreatorResult =
  | { status: 'created'; creator: SavedCreator }
  | { status: 'duplicate' }
  | { status: 'blank' }
  | { status: 'failed' };

export function useAddCreator() {
  const mutation = useCreateCreator();

  const addCreator = async (draft: CreatorDraft): Promise<AddCreatorResult> => {
    const input = creatorInputFromDraft(draft);
    if (!input.name) {
      window.alert(MESSAGES.provideCreatorName);
      return { status: 'blank' };
    }
    try {
      const creator = await mutation.mutateAsync(input);
      return { status: 'created', creator };
    } catch (error) {
      if (isApiClientError(error) && error.status === 409) {
        console.error(error);
        window.alert(creatorExistsMessage(input.name));
        return { status: 'duplicate' };
      }
      reportError(error, MESSAGES.errorAddingCreator, { serverMessageFor: [400] });
      return { status: 'failed' };
    }
  };

  return { addCreator, isPending: mutation.isPending };
}
