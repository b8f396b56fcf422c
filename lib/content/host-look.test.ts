// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { applyHostLook, clearHostLook, neighbourButton } from './host-look';

function placeBetween(html: string): HTMLElement {
  document.body.innerHTML = html;
  const root = document.createElement('span');
  document.querySelector('[data-here]')?.replaceWith(root);
  return root;
}

describe('the button takes the look of the host buttons beside it', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('finds the next host button first, inside a wrapper if need be, then the previous one', () => {
    const root = placeBetween(
      '<div><button id="before">Edit</button><i data-here></i><span><a class="btn" id="after">New</a></span></div>',
    );
    expect(neighbourButton(root)?.id).toBe('after');
    root.nextElementSibling?.remove();
    expect(neighbourButton(root)?.id).toBe('before');
    root.previousElementSibling?.remove();
    expect(neighbourButton(root)).toBeNull();
  });

  it('copies height, font size, corners and padding, and leaves spacing to a container with a gap', () => {
    const root = placeBetween(
      '<div style="display:flex;column-gap:8px"><i data-here></i><button style="font-size:14px;border-radius:4px;padding-inline-start:12px">More</button></div>',
    );
    const neighbour = neighbourButton(root) as HTMLElement;
    expect(applyHostLook(root, neighbour, 32)).toBe(true);
    expect(root.style.getPropertyValue('--h-size')).toBe('32px');
    expect(root.style.getPropertyValue('--h-font')).toBe('14px');
    expect(root.style.getPropertyValue('--h-radius')).toBe('4px');
    expect(root.style.getPropertyValue('--h-pad')).toBe('12px');
    expect(root.hasAttribute('data-gapped')).toBe(true);
    clearHostLook(root);
    expect(root.style.getPropertyValue('--h-size')).toBe('');
    expect(root.hasAttribute('data-gapped')).toBe(false);
  });

  it('copies nothing from what is not an ordinary button: a tall container, tiny or huge text', () => {
    const root = placeBetween(
      '<div><i data-here></i><button style="font-size:14px">More</button></div>',
    );
    const neighbour = neighbourButton(root) as HTMLElement;
    expect(applyHostLook(root, neighbour, 120)).toBe(false);
    neighbour.style.fontSize = '30px';
    expect(applyHostLook(root, neighbour, 32)).toBe(false);
    expect(root.style.getPropertyValue('--h-size')).toBe('');
  });
});
