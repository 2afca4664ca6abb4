import { initialsOf, thumbOf } from './labels'

/**
 * Avatar is a professional's first photo (the small copy) or their initials. Its size is fixed
 * by the caller's classes and the image's width/height, so nothing moves when it loads.
 */
export function Avatar({ name, photo, size, className }: { name: string; photo?: string; size: number; className: string }) {
  return (
    <span
      className={`flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary font-semibold text-secondary-foreground ${className}`}
    >
      {photo ? (
        <img
          src={thumbOf(photo)}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <span aria-hidden="true">{initialsOf(name)}</span>
      )}
    </span>
  )
}
