import { type ClipboardEvent, type DragEvent, useCallback, useId, useState } from 'react';
import { t } from '@/lib/i18n';
import { checkImages, readAsDataUrl } from './model/images';

/**
 * Takes images from paste, drop or the file picker, within the service's limits, as data URLs.
 * Returns handlers for the element that accepts paste and drop, and what was refused and why.
 */
export function useImageIntake(images: readonly string[], onChange: (images: string[]) => void) {
  const [refused, setRefused] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const addFiles = useCallback(
    async (files: File[]) => {
      if (!files.length) return;
      const { accepted, refused: why } = checkImages(files, images);
      setRefused(why);
      const urls = await Promise.all(accepted.map((file) => readAsDataUrl(file)));
      if (urls.length) onChange([...images, ...urls]);
    },
    [images, onChange],
  );
  const onPaste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files].filter((file) => file.type.startsWith('image/'));
    if (!files.length) return;
    event.preventDefault();
    void addFiles(files);
  };
  const onDragOver = (event: DragEvent) => {
    if (![...event.dataTransfer.types].includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDragLeave = () => setDragging(false);
  const onDrop = (event: DragEvent) => {
    if (!event.dataTransfer.files.length) return;
    event.preventDefault();
    setDragging(false);
    void addFiles([...event.dataTransfer.files]);
  };
  return {
    addFiles,
    refused,
    dragging,
    dropHandlers: { onPaste, onDragOver, onDragLeave, onDrop },
  };
}

interface ImageAttachmentsProps {
  images: readonly string[];
  onChange: (images: string[]) => void;
  addFiles: (files: File[]) => Promise<void>;
  refused: readonly string[];
  disabled?: boolean;
}

/** Thumbnails of attached images with a remove button each, and the picker. */
export function ImageAttachments({
  images,
  onChange,
  addFiles,
  refused,
  disabled,
}: ImageAttachmentsProps) {
  const inputId = useId();
  return (
    <div>
      {images.length ? (
        <div className="thumbs">
          {images.map((url, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: images are removed by position.
            <span className="thumb" key={index}>
              <img src={url} alt={t('panel.images.attached', { number: index + 1 })} />
              <button
                type="button"
                className="btn btn-small"
                aria-label={t('panel.images.remove', { number: index + 1 })}
                disabled={disabled}
                onClick={() => onChange(images.filter((_, at) => at !== index))}
              >
                ×
              </button>
            </span>
          ))}
        </div>
      ) : null}
      <label htmlFor={inputId} className="link-button small">
        {t('panel.images.add')}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        className="visually-hidden"
        disabled={disabled}
        onChange={(event) => {
          void addFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {refused.length ? (
        <ul className="field-error" role="alert">
          {refused.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
