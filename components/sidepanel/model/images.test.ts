import { describe, expect, it } from 'vitest';
import { checkImages, dataUrlBytes, MAX_IMAGE_BYTES } from '@/components/sidepanel/model/images';

const MB = 1024 * 1024;
const file = (name: string, size: number, type = 'image/png') => ({ name, size, type });

describe('checkImages (3 MB per file, 3 MB in total)', () => {
  it('takes images within the limits', () => {
    const result = checkImages([file('a.png', MB), file('b.jpg', MB, 'image/jpeg')], []);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.png', 'b.jpg']);
    expect(result.refused).toEqual([]);
  });

  it('refuses a file over 3 MB and says its size', () => {
    const result = checkImages([file('big.png', MAX_IMAGE_BYTES + 1)], []);
    expect(result.accepted).toEqual([]);
    expect(result.refused[0]).toContain('big.png');
    expect(result.refused[0]).toContain('3.0 MB');
  });

  it('refuses what would take the total over 3 MB, counting images already attached', () => {
    const attached = `data:image/png;base64,${'A'.repeat(Math.ceil((2 * MB * 4) / 3))}`;
    const result = checkImages([file('small.png', MB / 2), file('more.png', MB)], [attached]);
    expect(result.accepted.map((f) => f.name)).toEqual(['small.png']);
    expect(result.refused[0]).toContain('more.png');
  });

  it('refuses files that are not images', () => {
    expect(checkImages([file('notes.txt', 10, 'text/plain')], []).refused[0]).toContain(
      'not an image',
    );
  });

  it('measures a data URL by its decoded size', () => {
    expect(dataUrlBytes('data:image/png;base64,AAAA')).toBe(3);
    expect(dataUrlBytes('data:image/png;base64,AAA=')).toBe(2);
  });
});
