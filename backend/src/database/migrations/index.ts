import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000100_accounts } from './Migration20261121000100_accounts.js';
import { Migration20261121000200_sessions } from './Migration20261121000200_sessions.js';
import { Migration20261121000300_outbox } from './Migration20261121000300_outbox.js';
import { Migration20261121000400_papers } from './Migration20261121000400_papers.js';
import { Migration20261121000500_paper_search_and_files } from './Migration20261121000500_paper_search_and_files.js';
import { Migration20261121000600_payments } from './Migration20261121000600_payments.js';
import { Migration20261121000700_paper_files_and_comments } from './Migration20261121000700_paper_files_and_comments.js';
import { Migration20261121000800_paper_status_events } from './Migration20261121000800_paper_status_events.js';
import { Migration20261123000100_paper_version_approval } from './Migration20261123000100_paper_version_approval.js';
import { Migration20261123000200_mail_delivery } from './Migration20261123000200_mail_delivery.js';
import { Migration20261123001000_link_tokens } from './Migration20261123001000_link_tokens.js';
import { Migration20261123001100_payment_checkout_attempts } from './Migration20261123001100_payment_checkout_attempts.js';
import { Migration20261123002000_reviewer_invitations } from './Migration20261123002000_reviewer_invitations.js';
import { Migration20261123003000_paper_reviews } from './Migration20261123003000_paper_reviews.js';
import { Migration20261124001000_reviewer_messages } from './Migration20261124001000_reviewer_messages.js';
import { Migration20261125001000_orcid_link } from './Migration20261125001000_orcid_link.js';
import { Migration20261126001000_paper_list_version } from './Migration20261126001000_paper_list_version.js';
import { Migration20261126002000_paper_search_words } from './Migration20261126002000_paper_search_words.js';
import { Migration20261127001000_paper_license_doi } from './Migration20261127001000_paper_license_doi.js';
import { Migration20261127002000_oai_datestamp_index } from './Migration20261127002000_oai_datestamp_index.js';
import { Migration20261128001000_review_due_dates } from './Migration20261128001000_review_due_dates.js';
import { Migration20261129001000_review_rounds } from './Migration20261129001000_review_rounds.js';
import { Migration20261129002000_review_rubric } from './Migration20261129002000_review_rubric.js';
import { Migration20261129003000_due_reminders } from './Migration20261129003000_due_reminders.js';
import { Migration20261130001000_message_mail_windows } from './Migration20261130001000_message_mail_windows.js';
import { Migration20261130002000_paper_pdf_key_index } from './Migration20261130002000_paper_pdf_key_index.js';
import { Migration20261130004500_paper_reviews_paper_round_index } from './Migration20261130004500_paper_reviews_paper_round_index.js';
import { Migration20261201001000_paper_event_kinds } from './Migration20261201001000_paper_event_kinds.js';
import { Migration20261202001000_reviewers_per_round } from './Migration20261202001000_reviewers_per_round.js';
import { Migration20261203001000_paper_search_rum } from './Migration20261203001000_paper_search_rum.js';

/**
 * The reviewed migrations, in order. Migrations are written by hand (or generated and then
 * read), registered here explicitly so the same list runs from `dist/` and under Jest.
 */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121000100_accounts', class: Migration20261121000100_accounts },
  { name: 'Migration20261121000200_sessions', class: Migration20261121000200_sessions },
  { name: 'Migration20261121000300_outbox', class: Migration20261121000300_outbox },
  { name: 'Migration20261121000400_papers', class: Migration20261121000400_papers },
  { name: 'Migration20261121000500_paper_search_and_files', class: Migration20261121000500_paper_search_and_files },
  { name: 'Migration20261121000600_payments', class: Migration20261121000600_payments },
  { name: 'Migration20261121000700_paper_files_and_comments', class: Migration20261121000700_paper_files_and_comments },
  { name: 'Migration20261121000800_paper_status_events', class: Migration20261121000800_paper_status_events },
  { name: 'Migration20261123000100_paper_version_approval', class: Migration20261123000100_paper_version_approval },
  { name: 'Migration20261123000200_mail_delivery', class: Migration20261123000200_mail_delivery },
  { name: 'Migration20261123001000_link_tokens', class: Migration20261123001000_link_tokens },
  { name: 'Migration20261123001100_payment_checkout_attempts', class: Migration20261123001100_payment_checkout_attempts },
  { name: 'Migration20261123002000_reviewer_invitations', class: Migration20261123002000_reviewer_invitations },
  { name: 'Migration20261123003000_paper_reviews', class: Migration20261123003000_paper_reviews },
  { name: 'Migration20261124001000_reviewer_messages', class: Migration20261124001000_reviewer_messages },
  { name: 'Migration20261125001000_orcid_link', class: Migration20261125001000_orcid_link },
  { name: 'Migration20261126001000_paper_list_version', class: Migration20261126001000_paper_list_version },
  { name: 'Migration20261126002000_paper_search_words', class: Migration20261126002000_paper_search_words },
  { name: 'Migration20261127001000_paper_license_doi', class: Migration20261127001000_paper_license_doi },
  { name: 'Migration20261127002000_oai_datestamp_index', class: Migration20261127002000_oai_datestamp_index },
  { name: 'Migration20261128001000_review_due_dates', class: Migration20261128001000_review_due_dates },
  { name: 'Migration20261129001000_review_rounds', class: Migration20261129001000_review_rounds },
  { name: 'Migration20261129002000_review_rubric', class: Migration20261129002000_review_rubric },
  { name: 'Migration20261129003000_due_reminders', class: Migration20261129003000_due_reminders },
  { name: 'Migration20261130001000_message_mail_windows', class: Migration20261130001000_message_mail_windows },
  { name: 'Migration20261130002000_paper_pdf_key_index', class: Migration20261130002000_paper_pdf_key_index },
  { name: 'Migration20261130004500_paper_reviews_paper_round_index', class: Migration20261130004500_paper_reviews_paper_round_index },
  { name: 'Migration20261201001000_paper_event_kinds', class: Migration20261201001000_paper_event_kinds },
  { name: 'Migration20261202001000_reviewers_per_round', class: Migration20261202001000_reviewers_per_round },
  { name: 'Migration20261203001000_paper_search_rum', class: Migration20261203001000_paper_search_rum },
];
