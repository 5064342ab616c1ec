// The contact page's only script: it hydrates the form alone (a React island), so the page
// needs neither the router's runtime nor the rest of the page's components in the browser.
import { hydrateRoot } from "react-dom/client";
import { ContactFormIsland, contactIslandIds, type ContactFormIslandProps } from "#app/components/site/contact-form.tsx";

const root = document.getElementById(contactIslandIds.root);
const props = document.getElementById(contactIslandIds.props)?.textContent;
if (root && props) hydrateRoot(root, <ContactFormIsland {...(JSON.parse(props) as ContactFormIslandProps)} />);
