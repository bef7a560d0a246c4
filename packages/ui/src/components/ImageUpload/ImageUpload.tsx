import { ImagePlus, RotateCcw, RotateCw } from '../private/icons.js';
import { useEffect, useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import {
  DropZone,
  FileTrigger,
  Label,
  Slider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
  type DropZoneProps,
} from 'react-aria-components';
import { uiStringTable, useFormattedStrings } from '../../i18n/strings.js';
import { Button } from '../Button/Button.js';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './ImageUpload.css.js';
import { acceptedImageTypes, checkImageFile, cropToBlob } from './imageFile.js';

const strings = uiStringTable([
  'common.cancel',
  'image.choose',
  'image.drop',
  'image.notImage',
  'image.tooLarge',
  'image.unreadable',
  'image.cannotShrink',
  'image.cropArea',
  'image.zoom',
  'image.rotateLeft',
  'image.rotateRight',
  'image.use',
  'image.change',
  'image.remove',
  'image.preview',
  'image.processing',
]);

export interface ImageUploadProps {
  /** What the image is, e.g. "Student photo"; names the drop zone. */
  label: string;
  /**
   * Width ÷ height of the crop. Default 1 (square, for avatars).
   * @default 1
   */
  aspect?: number;
  /**
   * Show a round crop guide (avatars).
   * @default false
   */
  round?: boolean;
  /**
   * The largest file accepted before cropping, in bytes. Default 10 MB.
   * @default 10 MB
   */
  maxFileBytes?: number;
  /**
   * The largest output Blob, in bytes; quality then size is lowered to fit. Default 300 KB.
   * @default 300 KB
   */
  maxOutputBytes?: number;
  /**
   * The longest side of the output in px. Default 512.
   * @default 512
   */
  outputSize?: number;
  /**
   * The output format. Default WebP (JPEG where the browser cannot write WebP).
   * @default 'image/webp'
   */
  outputType?: 'image/webp' | 'image/jpeg';
  /** The current image (e.g. the stored avatar), shown until another is chosen. */
  imageUrl?: string | null;
  /** Called with the cropped, resized Blob, or null when the image is removed. */
  onChange?: (blob: Blob | null) => void;
  /** Refuses new files; the current image stays shown. */
  isDisabled?: boolean;
  /** An extra class for layout. */
  className?: string;
}

type Step = { kind: 'choose' } | { kind: 'crop'; src: string } | { kind: 'done'; src: string };

/**
 * Choose or drop an image, crop it to a fixed shape with zoom and rotation, and get back a
 * resized JPEG/WebP Blob under a size limit. Files that are not images, or too large, are refused
 * with a translated message; nothing throws.
 */
export function ImageUpload({
  label,
  aspect = 1,
  round,
  maxFileBytes = 10 * 1024 * 1024,
  maxOutputBytes = 300 * 1024,
  outputSize = 512,
  outputType = 'image/webp',
  imageUrl,
  onChange,
  isDisabled,
  className,
}: ImageUploadProps) {
  const t = useFormattedStrings(strings);
  const labelId = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);

  // Object URLs are freed when the step that made them is left.
  useEffect(() => {
    if (step.kind === 'choose') return;
    const src = step.src;
    return () => URL.revokeObjectURL(src);
  }, [step]);

  const take = (file: File | undefined) => {
    if (!file) return;
    const issue = checkImageFile(file, maxFileBytes);
    if (issue) {
      setProblem(
        issue.kind === 'not-an-image'
          ? t('image.notImage', { name: issue.name })
          : t('image.tooLarge', { name: issue.name, size: issue.sizeMb, max: issue.maxMb }),
      );
      return;
    }
    setProblem(null);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setRotation(0);
    setStep({ kind: 'crop', src: URL.createObjectURL(file) });
  };

  const onDrop: DropZoneProps['onDrop'] = async (e) => {
    const item = e.items.find((i) => i.kind === 'file');
    if (item?.kind === 'file') take(await item.getFile());
  };

  const useImage = async () => {
    if (step.kind !== 'crop' || !area) return;
    setBusy(true);
    try {
      const blob = await cropToBlob(step.src, area, rotation, {
        maxSide: outputSize,
        maxBytes: maxOutputBytes,
        type: outputType,
      });
      if (!blob) {
        setProblem(t('image.cannotShrink', { max: (maxOutputBytes / 1024 / 1024).toFixed(2) }));
        return;
      }
      setStep({ kind: 'done', src: URL.createObjectURL(blob) });
      onChange?.(blob);
    } catch {
      setProblem(t('image.unreadable'));
      setStep({ kind: 'choose' });
    } finally {
      setBusy(false);
    }
  };

  const shown = step.kind === 'done' ? step.src : step.kind === 'choose' ? imageUrl : null;

  return (
    <div className={cx(styles.wrapper, className)}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      {step.kind === 'crop' ? (
        <>
          <div className={styles.cropArea}>
            <Cropper
              image={step.src}
              crop={crop}
              zoom={zoom}
              rotation={rotation}
              aspect={aspect}
              cropShape={round ? 'round' : 'rect'}
              // Its stylesheet is ours (ImageUpload.css.ts): an injected <style> element would
              // be refused by the app's Content Security Policy.
              disableAutomaticStylesInjection
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onRotationChange={setRotation}
              onCropComplete={(_, pixels) => setArea(pixels)}
              onMediaLoaded={() => setProblem(null)}
              mediaProps={{
                alt: t('image.preview'),
                onError: () => {
                  setProblem(t('image.unreadable'));
                  setStep({ kind: 'choose' });
                },
              }}
              cropperProps={{ role: 'group', 'aria-label': t('image.cropArea') }}
            />
          </div>
          <div className={styles.controls}>
            <Slider
              className={styles.slider}
              minValue={1}
              maxValue={3}
              step={0.05}
              value={zoom}
              onChange={setZoom}
              formatOptions={{ style: 'percent' }}
            >
              <Label className={styles.label}>{t('image.zoom')}</Label>
              <SliderOutput>
                {({ state }) => `${Math.round(state.getThumbValue(0) * 100)}%`}
              </SliderOutput>
              <SliderTrack className={styles.sliderTrack}>
                <SliderThumb className={styles.sliderThumb} />
              </SliderTrack>
            </Slider>
            <Button
              variant="secondary"
              aria-label={t('image.rotateLeft')}
              onPress={() => setRotation((r) => (r + 270) % 360)}
            >
              <RotateCcw aria-hidden size={18} />
            </Button>
            <Button
              variant="secondary"
              aria-label={t('image.rotateRight')}
              onPress={() => setRotation((r) => (r + 90) % 360)}
            >
              <RotateCw aria-hidden size={18} />
            </Button>
          </div>
          <div className={styles.actions}>
            {/* Not isPending: its announcement would point at this button after it is gone. */}
            <Button onPress={useImage} isDisabled={!area || busy}>
              {t('image.use')}
            </Button>
            <Button variant="secondary" onPress={() => setStep({ kind: 'choose' })}>
              {t('common.cancel')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {shown && (
            <div className={styles.preview}>
              <img src={shown} alt={t('image.preview')} className={styles.previewImage} />
              {step.kind === 'done' && (
                <Button
                  variant="ghost"
                  onPress={() => {
                    setStep({ kind: 'choose' });
                    onChange?.(null);
                  }}
                >
                  {t('image.remove')}
                </Button>
              )}
            </div>
          )}
          <DropZone
            aria-labelledby={labelId}
            className={styles.dropZone}
            isDisabled={isDisabled}
            getDropOperation={(types) =>
              acceptedImageTypes.some((type) => types.has(type)) || types.has('Files')
                ? 'copy'
                : 'cancel'
            }
            onDrop={onDrop}
          >
            <ImagePlus aria-hidden size={28} />
            <FileTrigger
              acceptedFileTypes={[...acceptedImageTypes]}
              onSelect={(files) => take(files?.[0] ?? undefined)}
            >
              <Button variant="secondary" isDisabled={isDisabled}>
                {shown ? t('image.change') : t('image.choose')}
              </Button>
            </FileTrigger>
            <span>{t('image.drop')}</span>
          </DropZone>
        </>
      )}
      <p role="status" className={styles.label}>
        {busy ? t('image.processing') : null}
      </p>
      <p role="alert" className={styles.error}>
        {problem}
      </p>
    </div>
  );
}
