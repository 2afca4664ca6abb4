// Messages of SPEC.md sections 5 and 8, word for word, and the texts for weak-password reasons.

export const LOGIN_REQUIRED = 'Email e senha são obrigatórios'
export const LOGIN_INVALID = 'Email ou senha incorretos'
export const LOGIN_UNKNOWN = 'Erro desconhecido ao fazer login'
export const LOGIN_FAILED = 'Erro ao fazer login'

export const REGISTER_REQUIRED = 'Todos os campos são obrigatórios'
export const REGISTER_EXISTS = 'Já existe uma conta com este email'
export const REGISTER_UNKNOWN = 'Erro desconhecido ao criar conta'
export const REGISTER_FAILED = 'Erro ao criar conta'

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_HINT = 'Mínimo de 8 caracteres'
export const PASSWORD_TOO_SHORT = 'A senha deve ter pelo menos 8 caracteres'
export const PASSWORDS_DIFFER = 'As senhas não coincidem'
export const EMAIL_INVALID = 'Informe um email válido'

/** What each weak-password reason from the server means to the person typing it. */
export const weakPasswordReasons: Record<string, string> = {
  length: 'Use pelo menos 8 caracteres.',
  common: 'Essa senha é muito comum e fácil de adivinhar. Escolha outra.',
  email: 'A senha não pode ser igual ao seu email.',
}

export const RECOVER_SENT =
  'Se existir uma conta com este email, enviamos um link para redefinir a senha.'
export const INVALID_LINK = 'Link inválido ou expirado. Solicite um novo.'
export const RESET_DONE = 'Senha redefinida. Entre com a nova senha.'
export const PASSWORD_CHANGED = 'Senha alterada. As outras sessões foram encerradas.'
export const OTHERS_SIGNED_OUT = 'Outras sessões encerradas'

/** TERMS_REQUIRED: the sign-up's terms box was left unticked (the server's words). */
export const TERMS_REQUIRED = 'Para criar a conta, aceite os termos de uso e a política de privacidade'
