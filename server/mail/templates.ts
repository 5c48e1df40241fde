import type { MailMessage } from './mailer.ts';

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Layout {
  to: string;
  subject: string;
  /** Text before the button; user input in it is escaped here. */
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
}

// Table-free, inline-styled markup that mail clients render alike; the text part says the same.
function render({ to, subject, greeting, paragraphs, action, footnote }: Layout): MailMessage {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f6;font-family:Arial,Helvetica,sans-serif;color:#1d1d22">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="font-size:20px;font-weight:bold;margin:0 0 24px">Timbre</p>
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4b2bd6;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#55555f">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#4b2bd6;word-break:break-all">${escapeHtml(action.url)}</a></p>
<p style="margin:0;font-size:13px;color:#55555f">${escapeHtml(footnote)}</p>
</div>
</body>
</html>
`;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${action.label}: ${action.url}`,
    '',
    footnote,
    '',
  ].join('\n');
  return { to, subject, html, text };
}

const greet = (firstName: string) => (firstName ? `Hi ${firstName},` : 'Hi,');

/** The e-mail sent at sign-up (and again on request) with the link to /verify/email/{userId}/{token}. */
export function verifyEmailMessage(input: { to: string; firstName: string; link: string }): MailMessage {
  return render({
    to: input.to,
    subject: 'Confirm your e-mail address for Timbre',
    greeting: greet(input.firstName),
    paragraphs: [
      'Thanks for signing up for Timbre. Please confirm that this is your e-mail address to start converting your recordings.',
      'The link works for 7 days.',
    ],
    action: { label: 'Confirm e-mail address', url: input.link },
    footnote: 'If you did not sign up for Timbre, you can ignore this e-mail.',
  });
}

/** The password-reset e-mail with the link to /change-password/{token}. */
export function resetPasswordMessage(input: { to: string; firstName: string; link: string }): MailMessage {
  return render({
    to: input.to,
    subject: 'Reset your Timbre password',
    greeting: greet(input.firstName),
    paragraphs: [
      'Someone asked to reset the password of the Timbre account with this e-mail address. Choose a new password with the link below.',
      'The link works for 1 hour and only once. Setting a new password signs out your other sessions.',
    ],
    action: { label: 'Choose a new password', url: input.link },
    footnote: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  });
}

/**
 * The opt-in e-mail of a finished conversion (settings: conversion_complete_email): names the recording and
 * the voice, links to the recording on its project page, and says where to turn these e-mails off.
 */
export function conversionFinishedMessage(input: {
  to: string;
  firstName: string;
  recordingName: string;
  voiceName: string;
  projectName: string;
  link: string;
  settingsLink: string;
}): MailMessage {
  return render({
    to: input.to,
    subject: `Your conversion of "${input.recordingName}" into ${input.voiceName} is ready`,
    greeting: greet(input.firstName),
    paragraphs: [
      `The conversion of "${input.recordingName}" into the voice ${input.voiceName} has finished. It is in your project "${input.projectName}", ready to listen to and download.`,
    ],
    action: { label: 'Open the project', url: input.link },
    footnote: `You get this e-mail because you turned on e-mails when a conversion finishes. You can turn them off in your account settings: ${input.settingsLink}`,
  });
}
