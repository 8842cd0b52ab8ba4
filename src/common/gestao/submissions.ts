/** Visitors' submissions as the back office's inbox reads them (GET /gestao/api/forms/:kind). */

export const SUBMISSION_KINDS = ['newsletter', 'accreditation', 'ticket'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export const SUBMISSION_STATUSES = ['novo', 'tratado'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** One submission: its form's columns (id and created_at among them) and its status in the inbox. */
export type SubmissionEntry = Record<string, string | number> & { status: SubmissionStatus };
