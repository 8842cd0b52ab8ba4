/**
 * The pictures already uploaded, as thumbnails: searched by name or alt text (the site's one rule:
 * word beginnings, no accents), each marked when it still lacks its alt text (a draft with such a
 * picture cannot be published), chosen with a click. A picture field (upload-fields.tsx) opens it
 * under its list, folded until wanted.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { DEFAULT_IMAGE_BASE } from '../../common/images/image-url';
import { thumbnailUrl } from '../../common/images/image-variants';
import type { UploadedPicture } from '../../common/gestao/media';
import { matchesQuery } from '../../common/text/search-match';
import './media-library.css';

export function MediaLibrary({
  pictures,
  chosen,
  disabled,
  onChoose,
}: {
  pictures: readonly UploadedPicture[];
  /** The field's picture now. */
  chosen: string;
  disabled: boolean;
  onChoose: (path: string) => void;
}) {
  const { t } = useLingui();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const shown = pictures.filter((p) => search.trim() === '' || matchesQuery(`${p.originalName} ${p.alt}`, search));
  const total = pictures.length;
  return (
    <details className="media-library">
      <summary>
        <Trans>Biblioteca de imagens ({total})</Trans>
      </summary>
      <div className="gestao-field media-library__search">
        <label htmlFor={searchId}>
          <Trans>Procurar pelo nome ou pelo texto alternativo</Trans>
        </label>
        <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {shown.length === 0 ? (
        <p className="gestao-field__help">
          {total === 0 ? t`Ainda não há imagens carregadas: carregue a primeira abaixo.` : t`Nenhuma imagem corresponde à procura.`}
        </p>
      ) : (
        <ul className="media-library__grid">
          {shown.map((picture) => (
            <li key={picture.path}>
              <button
                type="button"
                className="media-library__pick"
                aria-pressed={picture.path === chosen}
                disabled={disabled}
                onClick={() => onChoose(picture.path)}
              >
                <img
                  src={thumbnailUrl(DEFAULT_IMAGE_BASE, picture.path)}
                  alt=""
                  width={picture.width}
                  height={picture.height}
                  loading="lazy"
                />
                <span className="media-library__name">{picture.originalName}</span>
                {picture.alt ? (
                  <span className="media-library__alt">{picture.alt}</span>
                ) : (
                  <span className="gestao-state gestao-state--apagado">{t`Sem texto alternativo`}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
