import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { venuePath } from '../common/addresses/page-paths';
import { mapsUrl } from '../common/addresses/maps-url';
import './venue-details.css';
/**
 * A venue's name that opens its card: the address, and a link that hands it to the phone's maps
 * app. A disclosure (<details>): it opens without JavaScript and needs nothing from the network,
 * so the address is there offline too.
 */

export function VenueDetails({
  name,
  address,
  venueId,
  className = '',
}: {
  name: string;
  address: string;
  /** The venue's own page (access, how to get there, what is on now): linked from its card. */
  venueId?: string;
  className?: string;
}) {
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
        {venueId ? (
          <Link className="venue__page" to={venuePath(venueId)}>
            <Trans>Acessos e como chegar</Trans>
            <span className="visually-hidden">: {name}</span>
          </Link>
        ) : null}
      </span>
    </details>
  );
}
