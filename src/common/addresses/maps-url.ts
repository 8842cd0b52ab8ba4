/** A maps search for a venue: the phone's maps app takes it (Android and iOS), a browser shows the map. */
export const mapsUrl = (name: string, address: string): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name}, ${address}`)}`;
