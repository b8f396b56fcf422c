import type { AnchorPosition, AnchorSpec, PageContextData } from '@/lib/hosts/types';
import { type ButtonUi, ROOT_ATTRIBUTE } from './button-ui';
import { clearHostLook, matchHostLook } from './host-look';

export interface MountOptions {
  document: Document;
  /** Reads the page's whole context now; null where the page is not one the button serves. */
  detect: () => PageContextData | null;
  /**
   * Names the page now (no title or branch): all that placing the button and asking for its
   * item's state need, and cheaper, as it runs on every change of address.
   */
  identify: () => PageContextData | null;
  anchorsFor: (context: PageContextData) => readonly AnchorSpec[];
  secondaryFor: (context: PageContextData) => 'microagents' | 'view-microagent' | null;
  /** Builds the button; called the first time a page needs one (most code-host pages do not). */
  ui: () => ButtonUi;
}

function isPlaced(root: Element, anchor: Element, position: AnchorPosition): boolean {
  switch (position) {
    case 'after':
      return anchor.nextElementSibling === root;
    case 'before':
      return anchor.previousElementSibling === root;
    default:
      return root.parentElement === anchor;
  }
}

function place(root: Element, anchor: Element, position: AnchorPosition): void {
  if (position === 'after') anchor.after(root);
  else if (position === 'before') anchor.before(root);
  else if (position === 'prepend') anchor.prepend(root);
  else anchor.append(root);
}

/**
 * Keeps exactly one button on the page, next to the best anchor present, and moves or removes
 * it as the host re-renders and navigates. `reconcile` is called on every DOM mutation batch,
 * so its common case (nothing changed) is a few property reads.
 */
export class ButtonMount {
  private anchor: Element | null = null;
  private spec: AnchorSpec | null = null;
  private specs: readonly AnchorSpec[] = [];
  private href: string | null = null;
  private context: PageContextData | null = null;
  private floatingAllowed = false;
  private stopMatching: () => void = () => {};
  private built: ButtonUi | null = null;

  constructor(private readonly options: MountOptions) {}

  /** The button, built the first time a page needs it. */
  button(): ButtonUi {
    this.built ??= this.options.ui();
    return this.built;
  }

  /** The button if some page has needed it yet, else null (nothing is built for asking). */
  existingButton(): ButtonUi | null {
    return this.built;
  }

  /** After the host had its chance to render its header, a missing anchor means a redesign. */
  allowFloating(): void {
    this.floatingAllowed = true;
    this.reconcile();
  }

  /** Called when the URL changed: the new page gets its own grace period before floating. */
  resetFloating(): void {
    this.floatingAllowed = false;
  }

  reconcile(href: string = this.options.document.location?.href ?? ''): void {
    if (href === this.href) {
      if (!this.context) return;
      if (this.isSettled()) return;
    } else {
      this.href = href;
      this.context = this.options.identify();
      this.specs = this.context ? this.options.anchorsFor(this.context) : [];
      if (!this.context) {
        this.remove();
        return;
      }
      this.button().setSecondary(this.options.secondaryFor(this.context));
    }
    this.placeAtBestAnchor();
  }

  /** The page as named when its address last changed: enough to name the item. */
  addressContext(): PageContextData | null {
    const href = this.options.document.location?.href ?? '';
    return href === this.href ? this.context : this.options.identify();
  }

  /** The page's context as of now, read afresh (the URL may have changed since mounting). */
  currentContext(): PageContextData | null {
    return this.options.detect();
  }

  destroy(): void {
    this.remove();
    this.href = null;
    this.context = null;
  }

  private isSettled(): boolean {
    const { root } = this.button();
    if (!root.isConnected) return false;
    if (!this.anchor || !this.spec) {
      // Floating: settled unless some anchor has appeared since.
      return !this.findAnchor(this.specs.length);
    }
    if (!this.anchor.isConnected || !isPlaced(root, this.anchor, this.spec.position)) return false;
    // A preferred anchor may arrive after a fallback one (late React headers).
    return !this.findAnchor(this.specs.indexOf(this.spec));
  }

  private findAnchor(before: number): { element: Element; spec: AnchorSpec } | null {
    const doc = this.options.document;
    for (let i = 0; i < before; i++) {
      const spec = this.specs[i] as AnchorSpec;
      const element = doc.querySelector(spec.selector);
      if (element) return { element, spec };
    }
    return null;
  }

  private placeAtBestAnchor(): void {
    const doc = this.options.document;
    // Before the parser reaches the body there is nothing to look for, nor to float over.
    if (!doc.body) return;
    const ui = this.button();
    for (const stray of doc.querySelectorAll(`[${ROOT_ATTRIBUTE}]`)) {
      if (stray !== ui.root) stray.remove();
    }
    const found = this.findAnchor(this.specs.length);
    if (found) {
      this.anchor = found.element;
      this.spec = found.spec;
      ui.setFloating(false);
      if (!isPlaced(ui.root, found.element, found.spec.position)) {
        place(ui.root, found.element, found.spec.position);
        this.lookLikeNeighbours();
      }
      return;
    }
    this.anchor = null;
    this.spec = null;
    this.forgetHostLook();
    if (this.floatingAllowed && doc.body) {
      ui.setFloating(true);
      if (ui.root.parentElement !== doc.body) doc.body.append(ui.root);
    } else {
      ui.root.remove();
    }
  }

  /** A new place has new neighbours: the button takes their size once they are laid out. */
  private lookLikeNeighbours(): void {
    this.forgetHostLook();
    this.stopMatching = matchHostLook(this.button().root);
  }

  /** Back to the button's own look, and no measuring under way. */
  private forgetHostLook(): void {
    this.stopMatching();
    if (this.built) clearHostLook(this.built.root);
  }

  private remove(): void {
    this.stopMatching();
    this.anchor = null;
    this.spec = null;
    this.built?.root.remove();
  }
}
