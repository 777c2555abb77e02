import { expect, type Locator, type Page } from '@playwright/test';

export interface SignUpDetails {
  firstName: string;
  lastName: string;
  schoolName: string;
  gradeLevel: 9 | 10 | 11 | 12;
  email: string;
  password: string;
}

/**
 * The /auth screen and its views (sign in, sign up, forgot password, recovery), found the way a
 * person finds them: forms by their labelled fields, view switches by their names.
 */
export class AuthPage {
  constructor(readonly page: Page) {}

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/auth${query}`);
  }

  /** The form with a "Password" field and no name fields. */
  get signInForm(): Locator {
    return this.page
      .locator('form')
      .filter({ has: this.page.getByLabel(/^password/i) })
      .filter({ hasNot: this.page.getByLabel(/first name/i) });
  }

  get signUpForm(): Locator {
    return this.page.locator('form').filter({ has: this.page.getByLabel(/first name/i) });
  }

  /** The forgot-password form: an e-mail field and no password field. */
  get forgotForm(): Locator {
    return this.page
      .locator('form')
      .filter({ has: this.page.getByLabel(/e-?mail/i) })
      .filter({ hasNot: this.page.getByLabel(/password/i) });
  }

  get recoveryForm(): Locator {
    return this.page.locator('form').filter({ has: this.page.getByLabel(/new password/i) });
  }

  /**
   * Submits the sign-in form and waits for the server's answer, whatever it is: a test that goes
   * on at once (a `goto`) would otherwise abort the request before its cookies are set. Opens a
   * bare /auth first unless the page is on /auth already, so a caller that clicked its way to
   * /auth (a link carrying `next`) waits for that URL before calling this.
   */
  async signIn(email: string, password: string): Promise<void> {
    if (!new URL(this.page.url()).pathname.startsWith('/auth')) await this.goto();
    const form = this.signInForm;
    await form.getByLabel(/e-?mail/i).fill(email);
    const passwordField = form.getByLabel(/^password/i);
    await passwordField.fill(password);
    const answered = this.page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/auth/sign-in',
    );
    await passwordField.press('Enter');
    await answered;
  }

  async openSignUp(): Promise<void> {
    await this.switchTo(/sign up|create (an )?account|register/i);
    await expect(this.signUpForm).toBeVisible();
  }

  async signUp(details: SignUpDetails): Promise<void> {
    await this.openSignUp();
    const form = this.signUpForm;
    await form.getByLabel(/first name/i).fill(details.firstName);
    await form.getByLabel(/last name/i).fill(details.lastName);
    await form.getByLabel(/school/i).fill(details.schoolName);
    await chooseOption(this.page, form.getByLabel(/grade/i), String(details.gradeLevel));
    await form.getByLabel(/e-?mail/i).fill(details.email);
    const passwordField = form.getByLabel(/^password/i);
    await passwordField.fill(details.password);
    await passwordField.press('Enter');
  }

  async requestPasswordReset(email: string): Promise<void> {
    await this.switchTo(/forgot/i);
    const form = this.forgotForm;
    await expect(form).toBeVisible();
    const field = form.getByLabel(/e-?mail/i);
    await field.fill(email);
    await field.press('Enter');
  }

  async setNewPassword(password: string, confirmation = password): Promise<void> {
    const form = this.recoveryForm;
    await expect(form).toBeVisible();
    await form.getByLabel(/^new password/i).fill(password);
    const confirm = form.getByLabel(/^confirm/i);
    await confirm.fill(confirmation);
    await confirm.press('Enter');
  }

  /** Clicks the tab, button or link that switches the /auth view. */
  private async switchTo(name: RegExp): Promise<void> {
    const control = this.page
      .getByRole('tab', { name })
      .or(this.page.getByRole('button', { name }))
      .or(this.page.getByRole('link', { name }))
      .first();
    await control.click();
  }
}

/** Picks `value` in a native <select> or in an ARIA combobox/listbox. */
async function chooseOption(page: Page, field: Locator, value: string): Promise<void> {
  const tag = await field.evaluate((element) => element.tagName.toLowerCase());
  if (tag === 'select') {
    const options = await field.locator('option').evaluateAll((elements) =>
      elements.map((option) => ({ value: (option as HTMLOptionElement).value, label: option.textContent ?? '' })),
    );
    const match = options.find((o) => o.value === value) ?? options.find((o) => new RegExp(`\\b${value}\\b`).test(o.label));
    await field.selectOption(match ? match.value : value);
    return;
  }
  await field.click();
  await page.getByRole('option', { name: new RegExp(`\\b${value}\\b`) }).first().click();
}
