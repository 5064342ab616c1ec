// The practice's details have no page of their own: the editor's preview shows them as the contact
// page's "Get in Touch" does, between the header and footer that show them too (the definition's
// `practice` gives the details to all three).
import { ContactDetails } from "#app/components/site/contact-details.tsx";

export default function PracticeDetailsView() {
  return (
    <div className="container-page py-8">
      <ContactDetails />
    </div>
  );
}
