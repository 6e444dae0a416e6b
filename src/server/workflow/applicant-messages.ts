// The e-mail an applicant receives when their application moves (workflow.md: "notifies the
// applicant"). English for now: applicants have no language preference on record yet.

export interface ApplicantMessageInput {
  firstName: string;
  reference: string;
  status: string;
  notes: string | null;
}

export function applicantMessage({ firstName, reference, status, notes }: ApplicantMessageInput): { subject: string; message: string } {
  const lines = [
    `Dear ${firstName},`,
    '',
    `the status of your application ${reference} is now: ${status}.`,
    ...(notes ? ['', notes] : []),
    '',
    'You can follow your application in the NARIC portal.',
    'NARIC',
  ];
  return { subject: `Your application ${reference}: ${status}`, message: lines.join('\n') };
}
