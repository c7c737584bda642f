import { useId } from 'react';
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { PageHeading } from '../../components/page-heading';
import styles from './static-page.module.css';

/** When the terms and the privacy policy last changed (the date shown under their heading). */
const LAST_UPDATED = '2026-11-26';

/**
 * A page of long text (docs/product-rules.md §2.2): the heading, then sections. Everything is in the app
 * bundle, so these pages open offline like the rest of the app.
 */
export function StaticPage({ heading, lastUpdated = false, children }: { heading: string; lastUpdated?: boolean; children: ReactNode }) {
  return (
    <article className={styles.page}>
      <PageHeading>{heading}</PageHeading>
      {lastUpdated && (
        <p className={styles.updated}>
          <Trans>
            Last updated: <time dateTime={LAST_UPDATED}>26 November 2026</time>
          </Trans>
        </p>
      )}
      {children}
    </article>
  );
}

/** A titled part of a static page; the section is named by its heading for screen readers. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** One FAQ: a native <details>, so it opens with the keyboard and without JavaScript. */
export function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className={styles.question}>
      <summary>{question}</summary>
      <div className={styles.answer}>{children}</div>
    </details>
  );
}

/** A `mailto:` link showing the address. */
export function MailLink({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}

/** A `tel:` link showing the number as written. */
export function PhoneLink({ number }: { number: string }) {
  return <a href={`tel:${number.replaceAll(' ', '')}`}>{number}</a>;
}
