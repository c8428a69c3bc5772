import { vi } from 'vitest';

/** The user's answers to the next questions of window.confirm, in order. */
export function answerConfirms(...answers: boolean[]) {
  const confirm = vi.spyOn(window, 'confirm');
  for (const answer of answers) confirm.mockReturnValueOnce(answer);
  return confirm;
}
