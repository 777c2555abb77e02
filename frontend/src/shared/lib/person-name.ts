/** How the journal names a person: first and last name, else the e-mail address. */
export function personName(person: { firstName: string | null; lastName: string | null; email: string }): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || person.email;
}
