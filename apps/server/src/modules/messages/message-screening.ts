import {
  CONFIRM_SEND_CODE,
  CONFIRM_SEND_MESSAGE,
  MESSAGE_REFUSAL_MESSAGES,
  type ApiErrorBody,
  type ScreeningReason,
} from '@bid/contract';
import { AppError, badRequest } from '../../lib/errors.js';
import { screenText } from '../../lib/screening/screen.js';

/**
 * Screening of a chat message (docs/trust-and-safety.md "Screening"): threats, slurs and money
 * for companionship or sex are refused (400); other doubtful messages are answered 409
 * `{code: "confirm_send", reasons}` so the chat asks "Are you sure?", and sending again with
 * `confirmed: true` sends them marked, so the receiver is asked "Does this bother you?".
 */

/** The 409 that asks the sender to confirm; its body carries the reasons. */
export class ConfirmSendError extends AppError {
  constructor(readonly reasons: ScreeningReason[]) {
    super(409, CONFIRM_SEND_CODE, CONFIRM_SEND_MESSAGE);
  }

  override toBody(): ApiErrorBody & { reasons: ScreeningReason[] } {
    return { ...super.toBody(), reasons: this.reasons };
  }
}

export function screenMessage(
  content: string,
  field: string,
  options: { dateWon: boolean; confirmed: unknown },
): { sentAfterWarning: boolean } {
  const result = screenText(content, field, { surface: 'message', dateWon: options.dateWon });
  const reason = result.reasons[0];
  if (result.verdict === 'refuse' && reason) throw badRequest(MESSAGE_REFUSAL_MESSAGES[reason.category], field);
  if (result.verdict === 'warn') {
    if (options.confirmed !== true) throw new ConfirmSendError(result.reasons);
    return { sentAfterWarning: true };
  }
  return { sentAfterWarning: false };
}
