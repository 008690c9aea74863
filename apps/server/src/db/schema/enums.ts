import {
  ALL_DATE_TYPES,
  AUDIT_ACTIONS,
  AUDIT_OUTCOMES,
  COMPLIANCE_LEVELS,
  NOTIFICATION_TYPES,
  IDENTITY_DOCUMENT_KINDS,
  MODERATION_ACTIONS,
  PAYMENT_RESPONSIBILITIES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  SEXES,
  USER_ROLES,
} from '@bid/contract';
import { pgEnum } from 'drizzle-orm/pg-core';

// Enum values come from the shared contract so the database, the server and the web agree (docs/product.md §3).
export const dateTypeEnum = pgEnum('date_type', ALL_DATE_TYPES);
export const paymentResponsibilityEnum = pgEnum('payment_responsibility', PAYMENT_RESPONSIBILITIES);
export const sexEnum = pgEnum('sex', SEXES);
export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);
export const auditActionEnum = pgEnum('audit_action', AUDIT_ACTIONS);
export const auditOutcomeEnum = pgEnum('audit_outcome', AUDIT_OUTCOMES);
export const complianceLevelEnum = pgEnum('compliance_level', COMPLIANCE_LEVELS);
export const userRoleEnum = pgEnum('user_role', USER_ROLES);
export const reportTargetTypeEnum = pgEnum('report_target_type', REPORT_TARGET_TYPES);
export const reportReasonEnum = pgEnum('report_reason', REPORT_REASONS);
export const reportStatusEnum = pgEnum('report_status', REPORT_STATUSES);
export const moderationActionEnum = pgEnum('moderation_action', MODERATION_ACTIONS);
export const identityDocumentKindEnum = pgEnum('identity_document_kind', IDENTITY_DOCUMENT_KINDS);
