/**
 * The record forms' file fields. A picture field chooses a picture already uploaded (or keeps the
 * one of the media folder it names) or uploads a file, shows it, and for an uploaded picture edits
 * its alt text and focal point: a click on the preview, or the arrow keys on it, moves the point,
 * and the cropped preview beside it shows what the public cards will keep. A PDF field (a press
 * item's, a programme attachment's) uploads the file and holds the name it was stored under. The
 * server judges every file by its content; its pt-PT refusal is shown beside the field.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useField } from 'formik';
import { useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { DEFAULT_IMAGE_BASE } from '../common/images/image-url';
import { gestaoEndpoints, type AnswerOf } from '../common/gestao/api/gestao-endpoints';
import { FOCAL_STEP, isUploadedPicture, MAX_UPLOAD_MB, type UploadedPicture } from '../common/gestao/media';
import { api, GestaoApiError, upload, refusalMessage } from './api';
import { StatusLine, type Status } from './status-line';
import { useGestaoData } from './use-gestao-data';
import { MediaLibrary } from './media/media-library';
import { lisbonDay } from './lisbon-format';
import './upload-fields.css';

interface FileFieldProps {
  /** The id the field's label points at. */
  id: string;
  name: string;
  disabled: boolean;
  describedBy: string | undefined;
  invalid: boolean;
}

const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/avif';

/** One file input that uploads at once, saying so while it does and beside it when refused. */
function FileUpload<E extends typeof gestaoEndpoints.uploadPicture | typeof gestaoEndpoints.uploadPdf>({
  id,
  label,
  accept,
  endpoint,
  disabled,
  onUploaded,
}: {
  id: string;
  label: string;
  accept: string;
  endpoint: E;
  disabled: boolean;
  onUploaded: (answer: AnswerOf<E>) => void;
}) {
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  const [over, setOver] = useState(false);
  async function send(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    await sendFile(file);
    input.value = '';
  }
  async function sendFile(file: File) {
    const { name } = file;
    setBusy(true);
    setStatus({ kind: 'ok', text: t`A carregar ${name}…` });
    try {
      onUploaded(await upload(endpoint, file));
      setStatus({ kind: 'ok', text: t`${name} carregado.` });
    } catch (error) {
      setStatus({ kind: 'error', text: refusalMessage(error, t`Não foi possível carregar o ficheiro.`) });
    } finally {
      setBusy(false);
    }
  }
  // A file dropped anywhere on the field is uploaded as if chosen (the server judges its content).
  const drop = {
    onDragOver: (event: DragEvent) => {
      if (disabled || busy || !event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (event: DragEvent) => {
      setOver(false);
      const file = event.dataTransfer.files[0];
      if (disabled || busy || !file) return;
      event.preventDefault();
      void sendFile(file);
    },
  };
  return (
    <div className={`upload-field__file${over ? ' upload-field__file--over' : ''}`} {...drop}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="file" accept={accept} disabled={disabled || busy} onChange={(e) => void send(e.currentTarget)} />
      <p className="upload-field__hint" aria-hidden="true">
        <Trans>Ou largue aqui o ficheiro.</Trans>
      </p>
      <StatusLine status={status} />
    </div>
  );
}

/** The alt text and focal point of one uploaded picture, saved with their own button. */
function PictureDetails({
  id,
  picture,
  disabled,
  onSaved,
}: {
  id: string;
  picture: UploadedPicture;
  disabled: boolean;
  onSaved: () => void;
}) {
  const [alt, setAlt] = useState(picture.alt);
  const [focus, setFocus] = useState({ x: picture.focalX, y: picture.focalY });
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { t } = useLingui();
  const url = `${DEFAULT_IMAGE_BASE}${picture.path}`;
  const clamp = (v: number) => Math.max(0, Math.min(100, Math.round(v / FOCAL_STEP) * FOCAL_STEP));

  function pick(event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    // A click from the keyboard (Enter, Space) has no position: it keeps the point.
    if (event.detail === 0) return;
    setFocus({ x: clamp(((event.clientX - box.left) / box.width) * 100), y: clamp(((event.clientY - box.top) / box.height) * 100) });
  }
  function move(event: KeyboardEvent<HTMLButtonElement>) {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!step) return;
    event.preventDefault();
    setFocus((f) => ({ x: clamp(f.x + step[0]! * FOCAL_STEP), y: clamp(f.y + step[1]! * FOCAL_STEP) }));
  }
  async function save() {
    setStatus(undefined);
    setErrors({});
    try {
      await api(gestaoEndpoints.pictureDetails, {
        params: { name: picture.path.replace(/^uploads\//, '') },
        body: { alt, focal_x: focus.x, focal_y: focus.y },
      });
      setStatus({ kind: 'ok', text: t`Texto alternativo e ponto focal guardados.` });
      onSaved();
    } catch (error) {
      if (!(error instanceof GestaoApiError)) throw error;
      setErrors((error.body.errors as Record<string, string> | undefined) ?? {});
      setStatus({ kind: 'error', text: error.message });
    }
  }
  const { x, y } = focus;
  const originalName = picture.originalName;
  return (
    <div className="upload-field__details">
      <div className="upload-field__previews">
        <button
          type="button"
          className="upload-field__focus"
          disabled={disabled}
          onClick={pick}
          onKeyDown={move}
          aria-describedby={`${id}-foco`}
        >
          <img src={url} alt={t`Pré-visualização de ${originalName}`} width={picture.width} height={picture.height} />
          <span
            className="upload-field__marker"
            aria-hidden="true"
            // The back office is rendered in the browser only: a style set by script, which the CSP allows.
            style={{ left: `${focus.x}%`, top: `${focus.y}%` }}
          />
        </button>
        <img
          className="upload-field__crop"
          src={url}
          alt=""
          width={240}
          height={135}
          style={{ objectPosition: `${focus.x}% ${focus.y}%` }}
        />
      </div>
      <p id={`${id}-foco`} className="upload-field__hint" aria-live="polite">
        <Trans>
          Ponto focal: {x} % da largura, {y} % da altura. Clique na imagem ou use as setas sobre ela para o mudar; a miniatura mostra o
          recorte.
        </Trans>
      </p>
      <label htmlFor={`${id}-alt`}>
        <Trans>Texto alternativo (o que a imagem mostra, para quem não a vê)</Trans>
      </label>
      <textarea
        id={`${id}-alt`}
        rows={2}
        value={alt}
        disabled={disabled}
        onChange={(e) => setAlt(e.target.value)}
        aria-invalid={errors.alt ? true : undefined}
        aria-describedby={errors.alt ? `${id}-alt-erro` : undefined}
      />
      {errors.alt && (
        <p className="gestao-field__error" id={`${id}-alt-erro`}>
          {errors.alt}
        </p>
      )}
      {!alt.trim() && (
        <p className="upload-field__hint">
          <Trans>Sem texto alternativo, o rascunho não pode ser publicado.</Trans>
        </p>
      )}
      <div className="gestao-actions">
        <button type="button" className="gestao-secondary" disabled={disabled} onClick={() => void save()}>
          <Trans>Guardar texto alternativo e ponto focal</Trans>
        </button>
      </div>
      <StatusLine status={status} />
    </div>
  );
}

/**
 * A picture field: pick an uploaded picture or upload one, its preview, alt text and focal point.
 * `logo`: the picture is a logo (a sponsor's), and its upload asks for one.
 */
export function PictureField({ id, name, logo, disabled, describedBy, invalid }: FileFieldProps & { logo: boolean }) {
  const [field, , helpers] = useField<string>(name);
  const { t } = useLingui();
  // Only those who may change the field read the uploads (a refusal would be audited as denied).
  const { data: pictures, reload } = useGestaoData(gestaoEndpoints.pictures, disabled ? null : {});
  const value = String(field.value ?? '');
  const uploaded = isUploadedPicture(value);
  const chosen = pictures?.find((p) => p.path === value);
  const choices = pictures ?? [];
  const maxMb = MAX_UPLOAD_MB;
  /** "cartaz.jpg (1200×800, 25 de nov. de 2026)", and whether it still lacks its alt text. */
  const choiceText = ({ originalName, width, height, uploadedAt, alt }: UploadedPicture) => {
    const day = lisbonDay(uploadedAt);
    return alt ? t`${originalName} (${width}×${height}, ${day})` : t`${originalName} (${width}×${height}, ${day}) — sem texto alternativo`;
  };
  return (
    <div className="upload-field">
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={field.onChange}
        onBlur={field.onBlur}
      >
        <option value="">{t`Sem imagem`}</option>
        {value && !uploaded ? <option value={value}>{t`${value} (pasta de media)`}</option> : null}
        {uploaded && !chosen ? <option value={value}>{value}</option> : null}
        {choices.map((p) => (
          <option key={p.path} value={p.path}>
            {choiceText(p)}
          </option>
        ))}
      </select>
      {!disabled && <MediaLibrary pictures={choices} chosen={value} disabled={disabled} onChoose={(path) => void helpers.setValue(path)} />}
      <FileUpload
        id={`${id}-ficheiro`}
        label={
          logo
            ? t`Ou carregue um logótipo (JPEG, PNG, WebP ou AVIF, até ${maxMb} MB)`
            : t`Ou carregue uma imagem (JPEG, PNG, WebP ou AVIF, até ${maxMb} MB)`
        }
        accept={PICTURE_TYPES}
        endpoint={gestaoEndpoints.uploadPicture}
        disabled={disabled}
        onUploaded={(picture) => {
          reload();
          void helpers.setValue(picture.path);
        }}
      />
      {value && !uploaded ? (
        <img className="upload-field__preview" src={`${DEFAULT_IMAGE_BASE}${value}`} alt={t`Pré-visualização de ${value}`} />
      ) : null}
      {chosen ? <PictureDetails key={chosen.path} id={id} picture={chosen} disabled={disabled} onSaved={reload} /> : null}
    </div>
  );
}

/** A press item's or a programme attachment's PDF: uploads it and holds the name it was stored under. */
export function PdfField({ id, name, disabled, describedBy, invalid }: FileFieldProps) {
  const [field, , helpers] = useField<string>(name);
  const { t } = useLingui();
  const value = String(field.value ?? '');
  const maxMb = MAX_UPLOAD_MB;
  return (
    <div className="upload-field">
      <input
        id={id}
        name={name}
        type="text"
        readOnly
        value={value ? value.slice(value.lastIndexOf('/') + 1) : t`Nenhum PDF carregado`}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      <FileUpload
        id={`${id}-ficheiro`}
        label={t`Carregar o PDF (até ${maxMb} MB)`}
        accept="application/pdf"
        endpoint={gestaoEndpoints.uploadPdf}
        disabled={disabled}
        onUploaded={(pdf) => void helpers.setValue(pdf.file_name)}
      />
    </div>
  );
}
