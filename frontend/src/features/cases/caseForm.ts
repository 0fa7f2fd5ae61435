/** A new case (docs/product/cases.md#validation-and-limits) as the dialog checks it before sending (the server checks the same). */
import type { KeyErrors } from '../../shared/forms';
import { CATEGORIES, PRIORITIES } from './casesApi';

export interface CaseForm {
  title: string;
  category: string;
  priority: string;
  message: string;
  /** '' for oneself; an admin may pick an owner. */
  userId: string;
  /** '' for the person's first property (none sent); one of theirs when they have more than one. */
  propertyId: string;
}

export function validateCase(v: CaseForm): KeyErrors<CaseForm> {
  const title = v.title.trim();
  const message = v.message.trim();
  return {
    title: title.length < 3 ? 'cases.validation.titleMin' : title.length > 100 ? 'cases.validation.titleMax' : undefined,
    category: (CATEGORIES as readonly string[]).includes(v.category) ? undefined : 'cases.validation.category',
    priority: (PRIORITIES as readonly string[]).includes(v.priority) ? undefined : 'cases.validation.priority',
    message: !message ? 'cases.validation.messageRequired' : message.length > 1000 ? 'cases.validation.messageMax' : undefined,
  };
}
