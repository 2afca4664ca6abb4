import { cva, type VariantProps } from 'class-variance-authority'

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-[color,background-color,box-shadow,opacity] outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90 active:bg-primary/95',
        destructive:
          'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90 focus-visible:ring-destructive/30',
        outline:
          'border border-input bg-card shadow-xs hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'h-auto px-0 text-primary underline-offset-4 hover:underline',
      },
      // On a phone every size is at least 44 × 44 px, the size of a fingertip (WCAG 2.5.5).
      size: {
        default: 'h-11 px-4 py-2 has-[>svg]:px-3 sm:h-10',
        sm: 'h-11 gap-1.5 px-3 has-[>svg]:px-2.5 sm:h-8',
        lg: 'h-11 px-6 text-base has-[>svg]:px-4',
        icon: 'size-11 sm:size-10',
        'icon-sm': 'size-11 sm:size-8',
      },
    },
    // A link-styled button has no box: drop the padding the size would add around an icon.
    compoundVariants: [{ variant: 'link', class: 'h-auto min-h-11 px-0 has-[>svg]:px-0 sm:h-auto sm:min-h-0' }],
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

export type ButtonVariantProps = VariantProps<typeof buttonVariants>
