import { mountIsland } from "../../islands/mount";
import { pageContext } from "../../islands/pageContext";
import { SIGN_IN_URL, notFoundText } from "./notFoundText";
import "./NotFoundPage.css";

interface NotFoundPageProps {
  /** Page language; defaults to the <html lang> the server rendered. */
  lang?: string;
  /** Whether the person is signed in with a role (the top bar is then shown above). */
  signedIn?: boolean;
}

export function NotFoundPage({
  lang = document.documentElement.lang,
  signedIn = pageContext().signedIn,
}: NotFoundPageProps) {
  const text = notFoundText(lang);
  return (
    <main className="not-found" lang={text.lang}>
      <section className="not-found__card" aria-labelledby="not-found-title">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="not-found__title">
          {text.title}
        </h1>
        <p className="not-found__message">{text.message}</p>
        {signedIn ? (
          <p className="not-found__message">{text.signedInHint}</p>
        ) : (
          <a className="not-found__link" href={SIGN_IN_URL}>
            {text.backToSignIn}
          </a>
        )}
      </section>
    </main>
  );
}

mountIsland(<NotFoundPage />);
