import { MESSAGES } from '@shared/messages';

/** Delete needs the confirmation checkbox (000 §5). */
export function validateDeleteConfirmation(confirmed: boolean): string | undefined {
  return confirmed ? undefined : MESSAGES.confirmCheckboxRequired;
}

/** Retire needs a reason and the confirmation checkbox (000 §5). */
export function validateRetire(input: { reason: string; confirmed: boolean }): {
  reason?: string;
  confirmed?: string;
} {
  return {
    ...(input.reason.trim() ? {} : { reason: MESSAGES.fieldRequired }),
    ...(input.confirmed ? {} : { confirmed: MESSAGES.confirmCheckboxRequired }),
  };
}
