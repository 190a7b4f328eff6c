import { useEffect, useRef } from 'react';
/*
 * Where the keyboard focus goes when the screen changes under it: a new page, a failed submit. Left
 * alone, it falls to the page's body and a keyboard or screen reader user starts over from the top.
 */

/** The main heading of the page drawn, once drawn; `preventScroll` keeps the scroll position the router set. */
export function focusMainHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * After a failed submit: the first field the API named (`aria-invalid`), else the error summary above
 * the form. Called once React has drawn the messages the failure brought.
 */
export function focusFirstInvalid(form: HTMLElement): void {
  const field = form.querySelector<HTMLElement>('[aria-invalid="true"], .field-invalid input, .field-invalid select, .field-invalid textarea');
  const target = field ?? form.querySelector<HTMLElement>('[data-error-summary]');
  if (!target) return;
  target.focus();
  target.scrollIntoView({ block: 'center' });
}

/**
 * On every route change after the first page (which keeps the browser's own start and the skip
 * link), the new page's main heading takes the focus as soon as it is drawn: pages that load their
 * data draw it a moment later, so the main region is watched for it, for a few seconds at most.
 */
export function useFocusOnRouteChange(path: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.querySelector('main');
    if (!main) return;
    if (main.querySelector('h1')) {
      focusMainHeading();
      return;
    }
    const observer = new MutationObserver(() => {
      if (!main.querySelector('h1')) return;
      observer.disconnect();
      window.clearTimeout(timer);
      focusMainHeading();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [path]);
}

/**
 * When the focused control goes away under the keyboard (a removed row, a page left after Delete),
 * the focus would fall to the body and the next Tab would start from the top. It goes instead to the
 * nearest heading still on the page above where the control was: its card's, or the page's. A
 * control that is only disabled while it works (Pause, Acknowledge: busy) gets the focus back when
 * it is enabled again, whatever it now says. A click elsewhere is the person's own move, and ends this.
 */
export function useFocusKeeper(): void {
  useEffect(() => {
    // Where the focus was, and the section around it, kept while it is there: once the element is
    // removed, neither can be found from it any more.
    let last: { element: HTMLElement; section: Element | null } | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const element = event.target as HTMLElement;
      last = { element, section: element.closest('section, .card') };
    };
    const onPointer = () => {
      last = null;
    };
    const observer = new MutationObserver(() => {
      if (!last) return;
      if (document.activeElement !== document.body && document.activeElement !== null) return;
      const { element, section } = last;
      if (element.isConnected) {
        if (!element.matches(':disabled')) element.focus({ preventScroll: true });
        return;
      }
      last = null;
      const heading = section?.isConnected ? section.querySelector<HTMLElement>('h1, h2') : null;
      if (!heading) {
        focusMainHeading();
        return;
      }
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('pointerdown', onPointer, true);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerdown', onPointer, true);
      observer.disconnect();
    };
  }, []);
}
