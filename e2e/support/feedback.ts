import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Feedback after a date in the browser (docs/the-date.md "Feedback after the date").
 *
 * The whole-date journey (win, pay, plan, Date Mode, end, both leave feedback, the reveal, the
 * reputation on the profile and the card) needs time to pass: the date ends from 30 minutes after
 * its start, and the feedback window lasts 14 days. Browser journeys never wait for real time, so
 * that journey is written once the sandbox test clock exists (`POST /api/sandbox/clock
 * {advanceMinutes}`, which also runs the due jobs): `advanceSandboxClock` below is its one call,
 * and `leaveFeedbackInBrowser` fills the form the same way for both people.
 */

/** Moves the sandbox server's clock on and runs the jobs due at the new time. */
export async function advanceSandboxClock(request: APIRequestContext, advanceMinutes: number): Promise<void> {
  const res = await request.post('/api/sandbox/clock', { data: { advanceMinutes } });
  expect(res.status(), await res.text()).toBe(200);
}

export interface FeedbackAnswers {
  met: 'Yes, we met' | 'They did not show up' | 'I did not go';
  feltSafe: boolean;
  again: boolean;
  stars?: 1 | 2 | 3 | 4 | 5;
  review?: string;
}

/** Fills "How did it go?" on the date's page (`/auctions/{id}/date`) and sends it. */
export async function leaveFeedbackInBrowser(page: Page, answers: FeedbackAnswers): Promise<void> {
  const card = page.getByTestId('feedback-card');
  await expect(card.getByRole('heading', { name: 'How did it go?' })).toBeVisible();
  await card.getByRole('group', { name: 'Did you meet?' }).getByLabel(answers.met).check();
  const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
  await card
    .getByRole('group', { name: 'Did you feel safe?' })
    .getByLabel(yesNo(answers.feltSafe), { exact: true })
    .check();
  await card
    .getByRole('group', { name: 'Would you go on another outing with them?' })
    .getByLabel(yesNo(answers.again), { exact: true })
    .check();
  if (answers.stars) {
    const label = `${answers.stars} ${answers.stars === 1 ? 'star' : 'stars'}`;
    // The stars are buttons-like labels around visually hidden radios: click the visible label.
    const stars = card.getByRole('group', { name: 'Rating' });
    const radio = stars.getByLabel(label, { exact: true });
    await stars
      .locator('label')
      .filter({ has: page.getByLabel(label, { exact: true }) })
      .click();
    await expect(radio).toBeChecked();
  }
  if (answers.review) await card.getByLabel('Review').fill(answers.review);
  await card.getByRole('button', { name: 'Send feedback' }).click();
  await expect(card.getByText('Thanks: your feedback was sent. It cannot be changed.')).toBeVisible();
}
