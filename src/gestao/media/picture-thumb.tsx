/**
 * A record's picture in its type's list: the small copy the server makes of every photograph, so a
 * page of 25 films costs a phone at the door a few kilobytes each, not 25 posters. A record
 * without one keeps its place empty, so that the titles stay in line.
 */
import { DEFAULT_IMAGE_BASE } from '../../common/images/image-url';
import { thumbnailUrl } from '../../common/images/image-variants';
import './picture-thumb.css';

export function PictureThumb({ path }: { path: string }) {
  return path ? (
    <img className="picture-thumb" src={thumbnailUrl(DEFAULT_IMAGE_BASE, path)} alt="" width={64} height={40} loading="lazy" />
  ) : (
    <span className="picture-thumb picture-thumb--none" />
  );
}
