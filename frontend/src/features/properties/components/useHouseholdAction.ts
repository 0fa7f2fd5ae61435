/** Runs one of the household's changes with a toast: its success text, or why it failed. */
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/client';
import { useToast } from '../../../shared/toast';
import { useHouseholdChanges } from '../propertiesApi';

export function useHouseholdAction(propertyId: number) {
  const { t } = useTranslation();
  const toast = useToast();
  const changes = useHouseholdChanges(propertyId);
  const run = async <I, O>(mutation: UseMutationResult<O, Error, I>, input: I, successKey: string): Promise<O | undefined> => {
    try {
      const answer = await mutation.mutateAsync(input);
      toast({ title: t(successKey), severity: 'success' });
      return answer;
    } catch (error) {
      toast({ title: t('properties.household.failed'), description: errorText(error, t('common.error')), severity: 'error' });
      return undefined;
    }
  };
  return { changes, run };
}
