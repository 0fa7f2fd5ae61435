import type { Agreement, AgreementNote } from './agreement.entity';

/** An agreement with the people's and property's names the API answers with (docs/product/agreements.md#data-and-states) (read live). */
export interface AgreementView { agreement: Agreement; userName: string | null; adminName: string | null; propertyName: string | null }
export interface NoteView { note: AgreementNote; authorName: string | null; authorIsAdmin: boolean }
