// Styles for the in-page button, inside its shadow root. Size, font size, corners and padding
// come from the host's buttons beside it (--h-size, --h-font, --h-radius, --h-pad: host-look.ts),
// with GitHub's small button as the fallback. Colours come from the host's own custom properties
// (they cross the shadow boundary), named per host in lib/hosts/*/anchors.ts, so the button
// follows the host's light and dark themes; system colours are the last resort.
import type { ButtonColours } from '@/lib/hosts/types';

/** `var(--a,var(--b,last))`: the first of the host's properties that is set, else `last`. */
function firstSet(names: readonly string[], last: string): string {
  return names.reduceRight((inner, name) => `var(${name},${inner})`, last);
}

// Only what every button needs is parsed when it is placed: parsing a stylesheet is the largest
// single cost the button adds to a page load, more with every rule. The menu's rules come with the
// menu and the floating rules with the first float, and the mark is one glyph rather than a drawn
// arrow.
export const buttonStyles = (colours: ButtonColours) => `
:host{display:inline-flex;vertical-align:middle;margin-inline:4px;font-family:inherit;color-scheme:light dark;
--h-bg:${firstSet(colours.background, 'ButtonFace')};
--h-bg-hover:${firstSet(colours.backgroundHover, 'var(--h-bg)')};
--h-fg:${firstSet(colours.text, 'ButtonText')};
--h-border:${firstSet(colours.border, 'ButtonBorder')};
--h-focus:${firstSet(colours.focus, 'Highlight')}}
:host([data-gapped]){margin-inline:0}
div{display:inline-flex;gap:4px}
.wrap{position:relative;display:inline-flex;gap:2px}
button{font-family:inherit;font-weight:500;font-size:var(--h-font,12px);line-height:20px;
height:var(--h-size,var(--control-small-size,28px));padding:0 var(--h-pad,10px);
border-radius:var(--h-radius,var(--borderRadius-medium,6px));border:1px solid var(--h-border);
background:var(--h-bg);color:var(--h-fg);cursor:pointer;display:inline-flex;align-items:center;gap:6px;white-space:nowrap}
button:hover{background:var(--h-bg-hover)}
button:focus-visible{outline:2px solid var(--h-focus);outline-offset:1px}
[data-mark]{display:inline-grid;place-items:center;width:14px;height:14px;flex:none;border-radius:3.5px;
background:#0f766e;color:#fff;font:700 11px/1 system-ui,sans-serif}
[data-mark]::before{content:"\\2192"}
`;

/** The "Start another" menu, and the states that come with it. */
export const menuStyles = `
[data-menu]{padding:0 6px}
[role=menu]{position:absolute;top:100%;right:0;margin-top:4px;z-index:2147483001;display:flex;
flex-direction:column;border-radius:6px;box-shadow:0 4px 12px rgba(0,0,0,.2)}
[hidden]{display:none}
[data-state=needs-you]{border-color:var(--h-focus);font-weight:600}
`;

/** Where no anchor is found: the button floats in the page's corner. */
export const floatingStyles = `
:host([data-floating]){position:fixed;right:16px;bottom:16px;z-index:2147483000;margin:0;
box-shadow:0 2px 8px rgba(0,0,0,.2);border-radius:8px}
`;
