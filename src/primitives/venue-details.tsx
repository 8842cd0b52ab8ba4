import { Trans } from '@lingui/react/macro';
import './venue-details.css';
/**
 * A venue's name that opens its card: the address, and a link that hands it to the phone's maps
 * app. A disclosure (<details>): it opens without JavaScript and needs nothing from the network,
 * so the address is there offline too.
 */

/** A maps search for the venue: the phone's maps app takes it (Android and iOS), a browser shows the map. */
function mapsUrl(name: string, address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name}, ${address}`)}`;
}

export function VenueDetails({ name, address, className = '' }: { name: string; address: string; className?: string }) {
  if (!address) return <span className={className}>{name}</span>;
  return (
    <details className={`venue ${className}`}>
      <summary className="venue__name">{name}</summary>
      <span className="venue__card">
        <span className="venue__address">{address}</span>
        <a className="venue__map" href={mapsUrl(name, address)} target="_blank" rel="noopener noreferrer">
          <Trans>Ver no mapa</Trans>
          <span className="visually-hidden">: {name}</span>
        </a>
      </span>
    </details>
  );
}
