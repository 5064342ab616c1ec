import type { Insertable, Selectable } from "kysely";

// Mirrors migrations/. Types only those both engines return alike: text ids, ISO-8601 text
// timestamps set in app code, JSON as text parsed by zod, integer 0/1 for booleans.
export type PageContentTable = {
  id: string;
  page_name: string;
  content: string;
  created_at: string;
  updated_at: string;
};

export type ContactSubmissionTable = {
  id: string;
  created_at: string;
  name: string;
  email: string;
  phone: string | null;
  service: string;
  message: string;
  payment_method: string;
  insurance_company: string | null;
  is_read: number;
  read_at: string | null;
};

export type Database = {
  page_content: PageContentTable;
  contact_submissions: ContactSubmissionTable;
};

export type PageContentRow = Selectable<PageContentTable>;
export type NewContactSubmission = Insertable<ContactSubmissionTable>;
