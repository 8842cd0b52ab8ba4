/**
 * The two-step login's otpauth:// address as a QR code, for the phone's authenticator app to read
 * (the key stays written beside it for those who type it). Drawn by the `qrcode` library as SVG
 * and shown as an image: a data: URL, which the Content-Security-Policy allows for images, so no
 * markup is injected.
 */
import { useLingui } from '@lingui/react/macro';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function TotpQrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | undefined>(undefined);
  const { t } = useLingui();
  useEffect(() => {
    let current = true;
    // A quiet zone of four modules, as the QR specification asks, so that every phone camera finds it.
    void QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }).then((svg) => {
      if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [uri]);
  return src ? (
    <img
      className="gestao-totp-qr"
      src={src}
      width={224}
      height={224}
      alt={t`Código QR da verificação em dois passos: leia-o com a aplicação de autenticação do telemóvel.`}
    />
  ) : null;
}
