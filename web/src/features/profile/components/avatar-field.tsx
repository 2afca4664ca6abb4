import { toast } from 'sonner'

import { ImageField } from '@/components/upload/image-field'
import { isApiError } from '@/lib/api-client'
import type { Profile } from '@/lib/auth/types'
import { initials } from '@/lib/utils'

import { useUpdateProfile } from '../api/update-profile'

/**
 * AvatarField changes the owner's photo at once: the image is uploaded, then the profile
 * points at it (PATCH /api/v1/profile {avatar}).
 */
export function AvatarField({ profile }: { profile: Profile }) {
  const update = useUpdateProfile()

  const save = (avatar: string | null) => {
    update.mutate(
      { avatar },
      {
        onSuccess: () => toast.success(avatar ? 'Foto de perfil atualizada' : 'Foto de perfil removida'),
        onError: (error) => {
          console.error('Erro ao salvar a foto de perfil', error)
          toast.error(
            isApiError(error) && error.status !== 0
              ? error.message
              : 'Não foi possível salvar a foto de perfil. Tente novamente.',
          )
        },
      },
    )
  }

  return (
    <ImageField
      id="profile-avatar"
      kind="avatar"
      shape="circle"
      value={profile.avatar}
      onChange={save}
      uploadLabel="Enviar foto"
      replaceLabel="Trocar foto"
      removeLabel="Remover foto"
      disabled={update.isPending}
      fallback={<span className="text-lg font-semibold text-secondary-foreground">{initials(profile.name)}</span>}
    />
  )
}
