/** Title at least 3 characters, a message, one of the old page's categories. */
export const TICKET_CATEGORIES = ['technical', 'billing', 'support', 'info', 'complaint'] as const;

export interface TicketForm {
  title: string;
  category: string;
  message: string;
}

/** The i18n key of what is wrong, or null: any missing field gives the one 'fill in all required fields'. */
export function ticketProblem(v: TicketForm): string | null {
  if (!v.title.trim() || !v.message.trim() || !(TICKET_CATEGORIES as readonly string[]).includes(v.category)) return 'support.page.required';
  if (v.title.trim().length < 3) return 'cases.validation.titleMin';
  if (v.title.trim().length > 100) return 'cases.validation.titleMax';
  if (v.message.trim().length > 1000) return 'cases.validation.messageMax';
  return null;
}
