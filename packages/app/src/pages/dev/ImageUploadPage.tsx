import { Card, Heading, ImageUpload, SegmentedControl, Stack, Text, formatNumber } from '@sala/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './DevPageHeader.js';
import * as styles from './devPages.css.js';

type Shape = 'avatar' | 'photo' | 'banner';
const shapes: Record<Shape, { aspect: number; round: boolean; outputSize: number }> = {
  avatar: { aspect: 1, round: true, outputSize: 512 },
  photo: { aspect: 3 / 4, round: false, outputSize: 600 },
  banner: { aspect: 16 / 9, round: false, outputSize: 1024 },
};

interface Result {
  url: string;
  bytes: number;
  type: string;
  width: number;
  height: number;
}

/** `/dev/ImageUpload`: choose a picture, crop it, and see the image the app would upload. */
export default function ImageUploadPage() {
  const { t } = useTranslation('demo');
  const [shape, setShape] = useState<Shape>('avatar');
  const [result, setResult] = useState<Result | null>(null);

  // The preview's object URL is released when it is replaced or the page closes.
  useEffect(() => () => void (result && URL.revokeObjectURL(result.url)), [result]);

  const show = (blob: Blob | null) => {
    if (!blob) return setResult(null);
    const url = URL.createObjectURL(blob);
    const image = new Image();
    image.onload = () =>
      setResult({
        url,
        bytes: blob.size,
        type: blob.type,
        width: image.naturalWidth,
        height: image.naturalHeight,
      });
    image.src = url;
  };

  const { aspect, round, outputSize } = shapes[shape];
  return (
    <Stack gap="large">
      <PageHeader route="dev-ImageUpload" />
      <Card>
        <Stack gap="medium">
          <SegmentedControl
            label={t('image.shape')}
            segments={(Object.keys(shapes) as Shape[]).map((id) => ({
              id,
              label: t(`image.shapes.${id}`),
            }))}
            value={shape}
            onChange={(value) => {
              setShape(value);
              setResult(null);
            }}
          />
          <ImageUpload
            key={shape}
            label={t(`image.labels.${shape}`)}
            aspect={aspect}
            round={round}
            outputSize={outputSize}
            onChange={show}
          />
          <Text size="small" tone="muted">
            {t('image.privacy')}
          </Text>
        </Stack>
      </Card>
      <Card>
        <Stack gap="medium">
          <Heading level={2}>{t('image.result')}</Heading>
          {result ? (
            <div className={styles.result}>
              <img
                src={result.url}
                alt={t('image.resultAlt')}
                className={round ? styles.roundPreview : styles.preview}
                width={result.width}
                height={result.height}
              />
              <dl className={styles.facts}>
                <dt>{t('image.size')}</dt>
                <dd>{t('image.dimensions', { width: result.width, height: result.height })}</dd>
                <dt>{t('image.weight')}</dt>
                <dd>
                  {t('image.kilobytes', {
                    value: formatNumber(result.bytes / 1024, { maximumFractionDigits: 1 }),
                  })}
                </dd>
                <dt>{t('image.format')}</dt>
                <dd translate="no">{result.type.replace('image/', '').toUpperCase()}</dd>
              </dl>
            </div>
          ) : (
            <Text tone="muted">{t('image.none')}</Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
