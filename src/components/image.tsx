import { useImageUrl } from './use-prefs';

interface Props {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Below the fold: the browser loads it when it comes near the viewport. */
  lazy?: boolean;
  className?: string;
}

/** An image of the content, with its intrinsic size so that nothing moves when it arrives. */
export function Image({ src, alt, width, height, lazy = true, className }: Props) {
  const url = useImageUrl();
  return (
    <img className={className} src={url(src)} alt={alt} width={width} height={height} loading={lazy ? 'lazy' : 'eager'} decoding="async" />
  );
}
