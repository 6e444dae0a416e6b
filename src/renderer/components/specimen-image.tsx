import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpecimenImage } from '../lib/specimen-api';
import { Button } from './button';
import { DEFAULT_PDF_VIEW, SCALES, type PdfView } from './pdf-preview';
import { Spinner } from './spinner';
import { TransferError } from './transfer-error';
import './pdf-preview.css';

// A specimen's genuine document when it is an image (a scan or photograph of the diploma), in the
// same frame and with the same zoom steps as the PDF viewer, so beside a submitted PDF in Compare
// with specimen the two zoom together. At 100 % the image is as wide as an A4 page drawn by the
// PDF viewer at 100 % (595 points), whatever its pixels: a 3,000-pixel scan and a PDF diploma then
// stand at the same size. An image is one page: turning the submitted PDF's pages leaves it shown.

/** An A4 page's width in PDF points, which the PDF viewer draws as CSS pixels at 100 %. */
const A4_WIDTH = 595;

export function SpecimenImagePreview({ versionId, sha256, label, view, onViewChange }: { versionId: number; sha256: string | null; label: string; view?: PdfView; onViewChange?(view: PdfView): void }) {
  const { t } = useTranslation('transfer');
  const image = useSpecimenImage(versionId, sha256);
  const [ownView, setOwnView] = useState(DEFAULT_PDF_VIEW);
  const shared = view ?? ownView;
  const scaleIndex = shared.scaleIndex;
  const setScaleIndex = (next: number) => (onViewChange ?? setOwnView)({ ...shared, scaleIndex: next });

  return (
    <section className="pdf-preview" aria-label={label}>
      {image.isError ? <TransferError error={image.error} /> : null}
      {!image.isError && !image.address ? <Spinner /> : null}
      {image.address ? (
        <>
          <div className="pdf-preview__toolbar" role="toolbar" aria-label={t('previewTools')}>
            <span>{t('pageOf', { page: 1, pages: 1 })}</span>
            <Button variant="quiet" isDisabled={scaleIndex === 0} onPress={() => setScaleIndex(scaleIndex - 1)}>
              {t('zoomOut')}
            </Button>
            <span>{Math.round(SCALES[scaleIndex] * 100)}%</span>
            <Button variant="quiet" isDisabled={scaleIndex === SCALES.length - 1} onPress={() => setScaleIndex(scaleIndex + 1)}>
              {t('zoomIn')}
            </Button>
          </div>
          <div className="pdf-preview__page" tabIndex={0} role="region" aria-label={t('pageRegion', { label })}>
            <img src={image.address} alt={t('pageImage', { label, page: 1, pages: 1 })} style={{ width: `${Math.round(A4_WIDTH * SCALES[scaleIndex])}px` }} />
          </div>
        </>
      ) : null}
    </section>
  );
}
