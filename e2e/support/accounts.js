import { expect } from '@playwright/test';
const PASSWORD = 'correct-horse-battery-42';
function uniqueEmail(label) {
    return `e2e-${label.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
async function postJson(request, path, data, method = 'POST') {
    const res = await request.fetch(path, { method, data });
    expect(res.ok(), `${method} ${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
    return (await res.json());
}
/** Saves a sandbox test card for the member signed in on `request`, as the sandbox card form does. */
export async function addSandboxCard(request, cardNumber = '4242424242424242') {
    const { clientSecret } = await postJson(request, '/api/stripe/setup-intent', undefined);
    const answer = await postJson(request, '/api/payments/sandbox/confirm-setup', { clientSecret, cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 5, cvc: '123' });
    expect(answer.status, `saving ${cardNumber}`).toBe('succeeded');
    return answer.paymentMethodId;
}
/**
 * Signs up through the e-mail flow of SPEC §7 (the app runs in development mode, so send-otp
 * answers with the code), completes the profile and, unless told otherwise, saves a card. The
 * session cookie lands in `request`'s cookie jar, so a browser context's own request signs that
 * context in.
 */
export async function signUpMember(request, firstName, lastName = 'Tester', options = {}) {
    const email = uniqueEmail(firstName);
    const { devOtp } = await postJson(request, '/api/auth/send-otp', { email });
    expect(devOtp, 'send-otp returns the development code').toMatch(/^\d{6}$/);
    const { verificationToken } = await postJson(request, '/api/auth/verify-otp', {
        email,
        otp: devOtp,
    });
    await postJson(request, '/api/auth/complete-email-auth', { verificationToken, password: PASSWORD, isSignup: true });
    const user = await postJson(request, '/api/profile', {
        firstName,
        lastName,
        bio: `${firstName} likes coffee and board games.`,
        age: 30,
        location: 'Austin',
        country: 'USA',
        zipCode: '78701',
        interests: ['Coffee'],
        sex: 'female',
        openToDatesWith: ['male', 'female', 'other'],
    }, 'PUT');
    const id = user.id ?? (await (await request.get('/api/auth/user')).json()).id;
    if (options.withCard ?? true)
        await addSandboxCard(request);
    return { id, email, password: PASSWORD, firstName, lastName };
}
/** A separate browser context (its own cookies) signed in as a new member with a complete profile and a card. */
export async function newSignedInMember(browser, firstName, lastName, options = {}) {
    const context = await browser.newContext();
    const member = await signUpMember(context.request, firstName, lastName, options);
    const page = await context.newPage();
    return { member, context, page };
}
