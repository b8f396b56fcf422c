// Styles for the in-page button, inside its shadow root. Size, font size, corners and padding
// come from the host's buttons beside it (--h-size, --h-font, --h-radius, --h-pad: host-look.ts),
// with GitHub's small button as the fallback. Colours come from the host's own
// custom properties (they cross the shadow boundary), newest token names first, so the button
// follows the host's light and dark themes; system colours are the last resort.
export const buttonStyles = `
:host{display:inline-flex;vertical-align:middle;margin-inline:4px;font-family:inherit;
--h-bg:var(--button-default-bgColor-rest,var(--color-btn-bg,var(--gl-button-default-primary-background-color-default,var(--ds-background-neutral,ButtonFace))));
--h-bg-hover:var(--button-default-bgColor-hover,var(--color-btn-hover-bg,var(--gl-button-default-primary-background-color-hover,var(--ds-background-neutral-hovered,var(--h-bg)))));
--h-fg:var(--button-default-fgColor-rest,var(--color-btn-text,var(--gl-button-default-primary-foreground-color-default,var(--ds-text,ButtonText))));
--h-border:var(--button-default-borderColor-rest,var(--color-btn-border,var(--gl-button-default-primary-border-color-default,var(--ds-border,ButtonBorder))));
--h-focus:var(--focus-outlineColor,var(--color-accent-fg,var(--gl-focus-ring-outer-color,var(--ds-border-focused,Highlight))))}
:host([data-gapped]){margin-inline:0}
:host([data-floating]){position:fixed;right:16px;bottom:16px;z-index:2147483000;margin:0;
box-shadow:0 2px 8px rgba(0,0,0,.2);border-radius:8px}
div{display:inline-flex;gap:4px}
button{font-family:inherit;font-weight:500;font-size:var(--h-font,12px);line-height:20px;
height:var(--h-size,var(--control-small-size,28px));padding:0 var(--h-pad,10px);
border-radius:var(--h-radius,var(--borderRadius-medium,6px));border:1px solid var(--h-border);
background:var(--h-bg);color:var(--h-fg);cursor:pointer;display:inline-flex;align-items:center;gap:6px;white-space:nowrap}
button:hover{background:var(--h-bg-hover)}
button:focus-visible{outline:2px solid var(--h-focus);outline-offset:1px}
[data-mark]{position:relative;box-sizing:border-box;width:14px;height:14px;flex:none;border-radius:3.5px;background:#0f766e}
[data-mark]::before,[data-mark]::after{content:"";position:absolute;box-sizing:border-box}
[data-mark]::before{left:3px;top:6.2px;width:7.4px;height:1.6px;border-radius:1px;background:#fff}
[data-mark]::after{left:5.6px;top:4.5px;width:5px;height:5px;border:solid #fff;border-width:1.6px 1.6px 0 0;border-radius:0 1px 0 0;transform:rotate(45deg)}
.wrap{position:relative;display:inline-flex;gap:2px}
[data-menu]{padding:0 6px}
[role=menu]{position:absolute;top:100%;right:0;margin-top:4px;z-index:2147483001;display:flex;
flex-direction:column;border-radius:6px;box-shadow:0 4px 12px rgba(0,0,0,.2)}
[role=menu][hidden],[hidden]{display:none}
[data-state=needs-you]{border-color:var(--h-focus);font-weight:600}
@media (prefers-color-scheme:dark){:host{color-scheme:dark}}
`;
