/**
 * The ordered list of migrations; Kysely runs them by name, oldest first. Each lives in the folder
 * of the day it was written (its name, not its folder, is what the database records).
 */
import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-21/2026-11-21T19-30_initial-schema';
import * as newsletterUnique from './2026-11-22/2026-11-22T06-00_newsletter-unique';
import * as searchWords from './2026-11-22/2026-11-22T06-10_search-words';
import * as travelTimes from './2026-11-23/2026-11-23T20-00_travel-times';
import * as contentFiles from './2026-11-23/2026-11-23T21-00_content-files';
import * as filmLanguage from './2026-11-24/2026-11-24T09-00_film-language';
import * as sessionSequences from './2026-11-25/2026-11-25T21-00_session-sequences';
import * as staff from './2026-11-26/2026-11-26T00-00_staff';
import * as staffTotp from './2026-11-26/2026-11-26T00-05_staff-totp';
import * as contentReleases from './2026-11-26/2026-11-26T00-10_content-releases';
import * as submissionStatus from './2026-11-26/2026-11-26T00-20_submission-status';
import * as scheduledReleases from './2026-11-26/2026-11-26T00-30_scheduled-releases';
import * as typedCopies from './2026-11-26/2026-11-26T01-00_typed-copies';
import * as staffPasskeys from './2026-11-26/2026-11-26T02-00_staff-passkeys';
import * as mediaUploads from './2026-11-26/2026-11-26T02-10_media-uploads';
import * as programmeDesk from './2026-11-26/2026-11-26T06-00_programme-desk';
import * as clashAcceptances from './2026-11-26/2026-11-26T06-10_clash-acceptances';
import * as programmeImports from './2026-11-26/2026-11-26T06-30_programme-imports';
import * as programmeSnapshots from './2026-11-26/2026-11-26T06-40_programme-snapshots';
import * as auditChain from './2026-11-27/2026-11-27T07-00_audit-chain';
import * as loginThrottling from './2026-11-27/2026-11-27T08-00_login-throttling';
import * as passwordResets from './2026-11-27/2026-11-27T09-30_password-resets';
import * as oneWrongPasswordCounter from './2026-11-27/2026-11-27T11-00_one-wrong-password-counter';
import * as programmeChanges from './2026-11-27/2026-11-27T14-00_programme-changes';
import * as recordLeases from './2026-11-27/2026-11-27T14-10_record-leases';
import * as pushSubscriptions from './2026-11-27/2026-11-27T14-40_push-subscriptions';
import * as scheduledReleaseDrafts from './2026-11-27/2026-11-27T14-50_scheduled-release-drafts';
import * as auditSeals from './2026-11-27/2026-11-27T15-10_audit-seals';
import * as staffDevices from './2026-12-06/2026-12-06T12-00_staff-devices';
import * as venueGender from './2026-12-06/2026-12-06T18-00_venue-gender';
import * as pushSubscriptionLocale from './2026-12-06/2026-12-06T19-00_push-subscription-locale';
import * as translatedFields from './2026-12-07/2026-12-07T03-00_translated-fields';
import * as sessionAccess from './2026-12-07/2026-12-07T07-00_session-access';
import * as lostChanges from './2026-12-07/2026-12-07T12-00_lost-changes';

export const migrations: Record<string, Migration> = {
  '2026-11-21T19-30_initial-schema': initialSchema,
  '2026-11-22T06-00_newsletter-unique': newsletterUnique,
  '2026-11-22T06-10_search-words': searchWords,
  '2026-11-23T20-00_travel-times': travelTimes,
  '2026-11-23T21-00_content-files': contentFiles,
  '2026-11-24T09-00_film-language': filmLanguage,
  '2026-11-25T21-00_session-sequences': sessionSequences,
  '2026-11-26T00-00_staff': staff,
  '2026-11-26T00-05_staff-totp': staffTotp,
  '2026-11-26T00-10_content-releases': contentReleases,
  '2026-11-26T00-20_submission-status': submissionStatus,
  '2026-11-26T00-30_scheduled-releases': scheduledReleases,
  '2026-11-26T01-00_typed-copies': typedCopies,
  '2026-11-26T02-00_staff-passkeys': staffPasskeys,
  '2026-11-26T02-10_media-uploads': mediaUploads,
  '2026-11-26T06-00_programme-desk': programmeDesk,
  '2026-11-26T06-10_clash-acceptances': clashAcceptances,
  '2026-11-26T06-30_programme-imports': programmeImports,
  '2026-11-26T06-40_programme-snapshots': programmeSnapshots,
  '2026-11-27T07-00_audit-chain': auditChain,
  '2026-11-27T08-00_login-throttling': loginThrottling,
  '2026-11-27T09-30_password-resets': passwordResets,
  '2026-11-27T11-00_one-wrong-password-counter': oneWrongPasswordCounter,
  '2026-11-27T14-00_programme-changes': programmeChanges,
  '2026-11-27T14-10_record-leases': recordLeases,
  '2026-11-27T14-40_push-subscriptions': pushSubscriptions,
  '2026-11-27T14-50_scheduled-release-drafts': scheduledReleaseDrafts,
  '2026-11-27T15-10_audit-seals': auditSeals,
  '2026-12-06T12-00_staff-devices': staffDevices,
  '2026-12-06T18-00_venue-gender': venueGender,
  '2026-12-06T19-00_push-subscription-locale': pushSubscriptionLocale,
  '2026-12-07T03-00_translated-fields': translatedFields,
  '2026-12-07T07-00_session-access': sessionAccess,
  '2026-12-07T12-00_lost-changes': lostChanges,
};
