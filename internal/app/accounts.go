package app

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"agendo/internal/auth"
	"agendo/internal/domain"
	"agendo/internal/mail"
	"agendo/internal/realtime"
	"agendo/internal/store"
)

// Timings of DESIGN.md section 5.
const (
	refreshGrace    = 10 * time.Second
	recoveryTTL     = 60 * time.Minute
	refreshTokenLen = 43
)

// Messages of SPEC.md section 8 and DESIGN.md section 5.
const (
	msgLoginRequired    = "Email e senha são obrigatórios"
	msgRegisterRequired = "Todos os campos são obrigatórios"
	msgAcceptTerms      = "Para criar a conta, aceite os termos de uso e a política de privacidade"
	msgBadCredentials   = "Email ou senha incorretos"
	msgInvalidEmail     = "Informe um email válido"
	msgInvalidName      = "Informe um nome com até 120 caracteres"
	msgInvalidToken     = "Link inválido ou expirado. Solicite um novo."
	msgRefreshReused    = "Sessão encerrada por segurança. Entre novamente."
	msgWrongCurrent     = "Senha atual incorreta"
)

// SessionResult is what a sign-in, sign-up or refresh returns.
type SessionResult struct {
	AccessToken  string
	ExpiresAt    time.Time
	RefreshToken string
	User         domain.User
	Profile      domain.Profile
	// Seat is the store the session acts in and the person's role there.
	Seat domain.Seat
	// Notice is news for the person signing in: their account's deletion
	// was cancelled.
	Notice string
	// Device, after a sign-in or sign-up, is the browser's device cookie:
	// a known caller of the account from then on (takePasswordCheck).
	Device string
}

// SignUpInput is what a person types to create an account.
type SignUpInput struct {
	Name     string `json:"name" max:"name"`
	Email    string `json:"email" format:"email" max:"email"`
	Password string `json:"password" max:"password"`
	// AcceptedTerms is the version of the terms and privacy policy the
	// person ticked they accept; it must be the current one.
	AcceptedTerms string `json:"acceptedTerms" enum:"termsVersion" doc:"A versão dos termos de uso e da política de privacidade aceita (a atual é obrigatória)"`
	// Invitation is the secret of an invitation link: the account joins
	// that store's team, and has no store of its own.
	Invitation string `json:"invitation,omitempty" doc:"O código do link de convite, para entrar na equipe de um salão"`
}

// SignUp creates an account with its profile, empty store and free plan, and
// signs it in; with an invitation, it joins that store's team instead of
// having a store, and signs in there. Errors: invalid (a missing field, a
// bad name or email), weak_password, rate_limited (sign-ups from the IP),
// email_exists, invalid_token (the invitation), conflict.
func (a *App) SignUp(ctx context.Context, in SignUpInput, m Meta) (SessionResult, error) {
	if strings.TrimSpace(in.Name) == "" || strings.TrimSpace(in.Email) == "" || in.Password == "" {
		return SessionResult{}, domain.Invalid(msgRegisterRequired, nil)
	}
	name, ok := domain.CleanName(in.Name)
	if !ok {
		return SessionResult{}, domain.Invalid(msgInvalidName, map[string]string{"name": msgInvalidName})
	}
	email, ok := domain.NormalizeEmail(in.Email)
	if !ok {
		return SessionResult{}, domain.Invalid(msgInvalidEmail, map[string]string{"email": msgInvalidEmail})
	}
	if reasons := auth.CheckPassword(in.Password, email); len(reasons) > 0 {
		msg := auth.WeakPasswordMessage(reasons)
		return SessionResult{}, &domain.Error{Code: domain.CodeWeakPassword, Message: msg, Reasons: reasons,
			Fields: map[string]string{"password": msg}}
	}
	if in.AcceptedTerms != domain.TermsVersion {
		return SessionResult{}, domain.Invalid(msgAcceptTerms, map[string]string{"acceptedTerms": msgAcceptTerms})
	}
	if err := a.allowHere(a.limits.signUp, m.IP); err != nil {
		return SessionResult{}, err
	}
	// Counted before hashing: the hash is what a flood would cost.
	err := a.db.WriteRelaxed(ctx, func(tx *store.Tx) error { return a.takeShared(ctx, tx, hit{a.limits.signUp, m.IP}) })
	if err != nil {
		return SessionResult{}, err
	}
	if in.Invitation != "" { // refused before the hash, and again when spent
		err := a.db.Read(ctx, func(tx *store.Tx) error { _, _, err := openInvitation(ctx, tx, in.Invitation, a.Now()); return err })
		if err != nil {
			return SessionResult{}, err
		}
	}
	hash, err := a.hasher.Hash(ctx, in.Password)
	if err != nil {
		return SessionResult{}, err
	}
	now := a.Now()
	user := domain.User{ID: newID(), Email: email, CreatedAt: now}
	profile := domain.Profile{ID: user.ID, Name: name, Email: email}
	var res SessionResult
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.CreateUser(ctx, user, hash); err != nil {
			return err
		}
		if err := tx.CreateProfile(ctx, profile, now); err != nil {
			return err
		}
		if err := tx.AcceptTerms(ctx, user.ID, in.AcceptedTerms, now); err != nil {
			return err
		}
		if slices.Contains(a.cfg.AdminEmails, email) {
			if err := tx.GrantRole(ctx, user.ID, domain.RoleAdmin, now); err != nil {
				return err
			}
		}
		if in.Invitation != "" {
			seat, err := join(ctx, tx, in.Invitation, user.ID, now)
			if err != nil {
				return err
			}
			res, err = a.startSessionIn(ctx, tx, user, profile, seat, m, now)
			return err
		}
		if err := createOwnStore(ctx, tx, user.ID, now); err != nil {
			return err
		}
		res, err = a.startSessionIn(ctx, tx, user, profile, domain.OwnSeat(user.ID), m, now)
		return err
	})
	if err != nil {
		return SessionResult{}, err
	}
	res.Device = a.device(user.ID, m)
	return res, nil
}

// device is the device cookie for a browser where userID just proved the
// password: the one it has, if made for userID, or a new one.
func (a *App) device(userID string, m Meta) string {
	if _, ok := a.tokens.VerifyDevice(userID, m.Device); ok {
		return m.Device
	}
	return a.tokens.DeviceToken(userID)
}

// cleanUserAgent makes a User-Agent header storable on both engines: valid
// UTF-8 without NULs, at most 300 bytes, cut on a character boundary.
func cleanUserAgent(ua string) string {
	ua = strings.ToValidUTF8(strings.ReplaceAll(ua, "\x00", ""), "")
	for len(ua) > 300 {
		_, size := utf8.DecodeLastRuneInString(ua)
		ua = ua[:len(ua)-size]
	}
	return ua
}

// startSession opens a session with its first refresh token, in the
// person's home store (homeSeat).
func (a *App) startSession(ctx context.Context, tx *store.Tx, u domain.User, p domain.Profile, m Meta, now time.Time) (SessionResult, error) {
	seat, err := homeSeat(ctx, tx, u.ID, now)
	if err != nil {
		return SessionResult{}, err
	}
	return a.startSessionIn(ctx, tx, u, p, seat, m, now)
}

// startSessionIn opens a session acting in seat.
func (a *App) startSessionIn(ctx context.Context, tx *store.Tx, u domain.User, p domain.Profile, seat domain.Seat, m Meta, now time.Time) (SessionResult, error) {
	s := store.Session{ID: newID(), UserID: u.ID, StoreID: seat.StoreID, UserAgent: cleanUserAgent(m.UserAgent), CreatedAt: now}
	if err := tx.CreateSession(ctx, s); err != nil {
		return SessionResult{}, err
	}
	if err := tx.TouchSignIn(ctx, u.ID, now); err != nil { // Admin Clientes' last sign-in
		return SessionResult{}, err
	}
	rt := store.RefreshToken{ID: newID(), SessionID: s.ID, CreatedAt: now}
	value := a.tokens.RefreshValue(rt.ID)
	rt.TokenHash = auth.Hash(value)
	if err := tx.CreateRefreshToken(ctx, rt); err != nil {
		return SessionResult{}, err
	}
	return a.sessionResult(u, p, seat, s.ID, value, now)
}

func (a *App) sessionResult(u domain.User, p domain.Profile, seat domain.Seat, sessionID, refresh string, now time.Time) (SessionResult, error) {
	access, exp, err := a.tokens.Issue(auth.Claims{UserID: u.ID, SessionID: sessionID, Email: u.Email,
		Store: seat.StoreID, Role: seat.Role, Professional: deref(seat.ProfessionalID), Name: p.Name}, now)
	if err != nil {
		return SessionResult{}, err
	}
	return SessionResult{AccessToken: access, ExpiresAt: exp, RefreshToken: refresh, User: u, Profile: p, Seat: seat}, nil
}

// SignIn checks an email and password and opens a session. An unknown
// email and a wrong password answer alike, in the same time. Errors: invalid
// (a missing email or password), rate_limited (sign-ins from the IP, or
// failed password checks of the account), invalid_credentials.
func (a *App) SignIn(ctx context.Context, email, password string, m Meta) (SessionResult, error) {
	if strings.TrimSpace(email) == "" || password == "" {
		return SessionResult{}, domain.Invalid(msgLoginRequired, nil)
	}
	if err := a.allowHere(a.limits.signIn, m.IP); err != nil {
		return SessionResult{}, err
	}
	email, valid := domain.NormalizeEmail(email)
	var user domain.User
	var hash string
	var took []hit
	var refused error
	// One short transaction before the hash counts the attempt against the
	// address and takes the failed-check token (given back if the password
	// is right), so concurrent guesses cannot all pass while being hashed.
	err := a.db.WriteRelaxed(ctx, func(tx *store.Tx) error {
		if err := a.takeShared(ctx, tx, hit{a.limits.signIn, m.IP}); err != nil {
			return err
		}
		if valid { // no account has a malformed email; PostgreSQL rejects some (a NUL) outright
			var err error
			user, hash, err = tx.Credentials(ctx, email)
			if err != nil && !errors.Is(err, domain.ErrNotFound) {
				return err
			}
		}
		known := ""
		if id, ok := a.tokens.VerifyDevice(user.ID, m.Device); ok {
			known = "device:" + id
		}
		var err error
		took, err = a.takePasswordCheck(ctx, tx, email, known)
		if domain.ErrorCode(err) == domain.CodeRateLimited {
			refused = err // the attempt from the address still counts
			return nil
		}
		return err
	})
	if err == nil {
		err = refused
	}
	if err != nil {
		return SessionResult{}, err
	}
	if len(password) > domain.MaxPasswordLen {
		password = password[:domain.MaxPasswordLen] // still hashed, so it takes as long
	}
	ok, err := a.hasher.Verify(ctx, password, hash)
	if err != nil {
		a.giveBackNow(ctx, took)
		return SessionResult{}, err
	}
	if !ok {
		return SessionResult{}, &domain.Error{Code: domain.CodeInvalidCredentials, Message: msgBadCredentials}
	}
	// Told only to who knows the password: a lock reveals no account.
	if user.LockedAt != nil {
		a.giveBackNow(ctx, took)
		return SessionResult{}, &domain.Error{Code: domain.CodeForbidden, Message: domain.MsgAccountLocked}
	}
	var res SessionResult
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if err := a.giveBack(ctx, tx, took); err != nil {
			return err
		}
		p, err := tx.Profile(ctx, user.ID)
		if err != nil {
			return err
		}
		// Signing in during the deletion window is changing one's mind.
		cancelled, err := tx.CancelAccountDeletion(ctx, user.ID)
		if err != nil {
			return err
		}
		res, err = a.startSession(ctx, tx, user, p, m, a.Now())
		if cancelled {
			res.Notice = msgDeletionCancelled
		}
		return err
	})
	if err != nil {
		return SessionResult{}, err
	}
	res.Device = a.device(user.ID, m)
	return res, nil
}

// Refresh rotates a refresh token: the presented one is spent and a new one
// returned with a fresh access token. A token spent less than 10 s ago
// returns the session's current token (its response may have been lost);
// spent longer ago, it is being replayed and the whole session ends. Errors:
// rate_limited (refreshes from the IP), unauthorized (a malformed or unknown
// token, a revoked or idle session), refresh_token_already_used (a token
// replayed after its grace period; the session ends).
func (a *App) Refresh(ctx context.Context, value string, m Meta) (SessionResult, error) {
	if err := a.allowHere(a.limits.refresh, m.IP); err != nil {
		return SessionResult{}, err
	}
	if len(value) != refreshTokenLen {
		return SessionResult{}, domain.ErrUnauthorized
	}
	now := a.Now()
	var res SessionResult
	var reused store.Session // the session a replayed token ended
	var refused error
	err := a.db.WriteRelaxed(ctx, func(tx *store.Tx) error {
		// The address's token is taken in the refresh's own transaction; a
		// token refused below has written nothing else, so its attempt is
		// committed and counts all the same.
		if err := a.takeShared(ctx, tx, hit{a.limits.refresh, m.IP}); err != nil {
			return err
		}
		err := a.rotate(ctx, tx, value, now, &res, &reused)
		if errors.Is(err, domain.ErrNotFound) || domain.ErrorCode(err) == domain.CodeUnauthorized {
			refused = err
			return nil
		}
		return err
	})
	if err == nil {
		err = refused
	}
	if errors.Is(err, domain.ErrNotFound) {
		return SessionResult{}, domain.ErrUnauthorized
	}
	if err != nil {
		return SessionResult{}, err
	}
	if reused.ID != "" {
		a.endStreams(reused.UserID, realtime.Ended{Session: reused.ID})
		a.log.Warn("refresh token reused after its grace period; session revoked")
		return SessionResult{}, &domain.Error{Code: domain.CodeRefreshReused, Message: msgRefreshReused}
	}
	return res, nil
}

// rotate spends the refresh token value in tx (Refresh), filling res, or
// reused with the session it ended when the token was replayed after its
// grace.
func (a *App) rotate(ctx context.Context, tx *store.Tx, value string, now time.Time, res *SessionResult, reused *store.Session) error {
	chain, err := tx.RefreshChainByHash(ctx, auth.Hash(value))
	if err != nil {
		return err
	}
	rt, s, user, p := chain.Token, chain.Session, chain.User, chain.Profile
	if s.RevokedAt != nil || now.Sub(s.RefreshedAt) > sessionIdleTTL || user.LockedAt != nil {
		return domain.ErrUnauthorized
	}
	seat, err := seatIn(ctx, tx, user.ID, s.StoreID)
	if err != nil {
		return err
	}
	fresh, err := tx.UseRefreshToken(ctx, rt.ID, now)
	if err != nil {
		return err
	}
	if !fresh {
		// rt.UsedAt is nil when a concurrent request spent it just now.
		if rt.UsedAt == nil || now.Sub(*rt.UsedAt) <= refreshGrace {
			cur, err := tx.LatestRefreshToken(ctx, s.ID)
			if err != nil {
				return err
			}
			*res, err = a.sessionResult(user, p, seat, s.ID, a.tokens.RefreshValue(cur.ID), now)
			return err
		}
		*reused = s
		return tx.RevokeSession(ctx, s.ID, now)
	}
	child := store.RefreshToken{ID: newID(), SessionID: s.ID, ParentID: &rt.ID, CreatedAt: now}
	v := a.tokens.RefreshValue(child.ID)
	child.TokenHash = auth.Hash(v)
	if err := tx.CreateRefreshToken(ctx, child); err != nil {
		return err
	}
	if err := tx.TouchSession(ctx, s.ID, now); err != nil {
		return err
	}
	*res, err = a.sessionResult(user, p, seat, s.ID, v, now)
	return err
}

// SignOut ends the caller's session (local), every session (global) or every
// other session (others). Errors: invalid (an unknown scope).
func (a *App) SignOut(ctx context.Context, p Principal, scope string) error {
	if scope == "" {
		scope = domain.ScopeLocal
	}
	if !slices.Contains(domain.SignOutScopes, scope) {
		return domain.Invalid("Escopo inválido: use global, local ou others", map[string]string{"scope": "Use global, local ou others"})
	}
	now := a.Now()
	ended := realtime.Ended{} // global: every session
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		switch scope {
		case domain.ScopeLocal:
			ended.Session = p.SessionID
			return tx.RevokeSession(ctx, p.SessionID, now)
		case domain.ScopeOthers:
			ended.Keep = p.SessionID
			_, err := tx.RevokeUserSessions(ctx, p.UserID, p.SessionID, now)
			return err
		default:
			_, err := tx.RevokeUserSessions(ctx, p.UserID, "", now)
			return err
		}
	})
	if err == nil {
		a.endStreams(p.UserID, ended)
	}
	return err
}

// RecoverPassword emails a single-use reset link when email has an account.
// It answers the same whatever the email, and does the work after the
// response so timing tells nothing either. Errors: invalid (a missing or
// malformed email), rate_limited (recoveries from the IP).
func (a *App) RecoverPassword(ctx context.Context, email string, m Meta) error {
	if strings.TrimSpace(email) == "" {
		return domain.Invalid("Informe seu email", map[string]string{"email": "Informe seu email"})
	}
	if err := a.allowHere(a.limits.recoverIP, m.IP); err != nil {
		return err
	}
	email, ok := domain.NormalizeEmail(email)
	if !ok {
		return domain.Invalid(msgInvalidEmail, map[string]string{"email": msgInvalidEmail})
	}
	if err := a.allowHere(a.limits.recoverEmail, email); err != nil {
		return nil // one email per address per minute; the answer stays the same
	}
	a.goBackground(func(ctx context.Context) {
		if err := a.sendRecovery(ctx, email, m.IP); err != nil {
			a.log.Error("password recovery email failed", "err", redactEmails(err.Error()))
		}
	})
	return nil
}

// sendRecovery emails a reset link to email when it has an account, and
// the address (ip) and the email are within their shared limits: past them
// nothing is sent, and the answer, already given, said nothing either.
func (a *App) sendRecovery(ctx context.Context, email, ip string) error {
	var msg mail.Message
	send := false
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		err := a.takeShared(ctx, tx, hit{a.limits.recoverIP, ip}, hit{a.limits.recoverEmail, email})
		if domain.ErrorCode(err) == domain.CodeRateLimited {
			return nil
		}
		if err != nil {
			return err
		}
		u, _, err := tx.Credentials(ctx, email)
		if errors.Is(err, domain.ErrNotFound) {
			return nil // counted all the same
		}
		if err != nil {
			return err
		}
		msg, err = a.recoveryMail(ctx, tx, u, a.Now())
		send = err == nil
		return err
	})
	if err != nil || !send {
		return err
	}
	return a.mailer.Send(ctx, msg)
}

// recoveryMail stores a single-use recovery token for u and returns the
// email that carries its link, to send once the transaction commits.
func (a *App) recoveryMail(ctx context.Context, tx *store.Tx, u domain.User, now time.Time) (mail.Message, error) {
	token := auth.RandomToken()
	p, err := tx.Profile(ctx, u.ID)
	if err != nil {
		return mail.Message{}, err
	}
	name := strings.Fields(p.Name + " ")[0]
	if err := tx.CreatePasswordReset(ctx, store.PasswordReset{
		TokenHash: auth.Hash(token), UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(recoveryTTL)}); err != nil {
		return mail.Message{}, err
	}
	link := a.cfg.BaseURL + "/reset-password?token=" + url.QueryEscape(token)
	return mail.Message{
		To:      u.Email,
		Subject: "Redefinição de senha do Agendo",
		Body: "Olá, " + name + "!\n\n" +
			"Recebemos um pedido para redefinir a senha da sua conta no Agendo.\n" +
			"Para criar uma nova senha, abra o link abaixo (válido por 60 minutos e por um único uso):\n\n" +
			link + "\n\n" +
			"Se você não fez este pedido, ignore este email: sua senha continua a mesma.\n\n" +
			"Equipe Agendo\n",
	}, nil
}

// ResetPassword sets a new password with a recovery token and ends every
// session of the account. It returns the browser's device cookie: opening
// the email's link proved the account is the caller's. Errors: invalid_token (a missing, unknown, used or
// expired token), invalid (no new password), weak_password.
func (a *App) ResetPassword(ctx context.Context, token, password string, m Meta) (device string, err error) {
	if token == "" || len(token) > 100 {
		return "", &domain.Error{Code: domain.CodeInvalidToken, Message: msgInvalidToken}
	}
	if password == "" {
		return "", domain.Invalid("Informe a nova senha", map[string]string{"password": "Informe a nova senha"})
	}
	now := a.Now()
	var pr store.PasswordReset
	var email string
	err = a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		if pr, err = tx.PasswordReset(ctx, auth.Hash(token)); err != nil {
			return err
		}
		u, _, err := tx.User(ctx, pr.UserID)
		email = u.Email
		return err
	})
	if errors.Is(err, domain.ErrNotFound) || (err == nil && (pr.UsedAt != nil || now.After(pr.ExpiresAt))) {
		return "", &domain.Error{Code: domain.CodeInvalidToken, Message: msgInvalidToken}
	}
	if err != nil {
		return "", err
	}
	if reasons := auth.CheckPassword(password, email); len(reasons) > 0 {
		msg := auth.WeakPasswordMessage(reasons)
		return "", &domain.Error{Code: domain.CodeWeakPassword, Message: msg, Reasons: reasons, Fields: map[string]string{"password": msg}}
	}
	hash, err := a.hasher.Hash(ctx, password)
	if err != nil {
		return "", err
	}
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		// Read again inside the write: two resets racing with one link.
		cur, err := tx.PasswordReset(ctx, pr.TokenHash)
		if err != nil {
			return err
		}
		if cur.UsedAt != nil {
			return &domain.Error{Code: domain.CodeInvalidToken, Message: msgInvalidToken}
		}
		if err := tx.SetPasswordHash(ctx, pr.UserID, hash, now); err != nil {
			return err
		}
		if err := tx.UsePasswordResets(ctx, pr.UserID, now); err != nil {
			return err
		}
		_, err = tx.RevokeUserSessions(ctx, pr.UserID, "", now)
		return err
	})
	if err != nil {
		return "", err
	}
	a.endStreams(pr.UserID, realtime.Ended{})
	// Whoever opened the link controls the account's email: this browser
	// is a known caller, so a stranger spending the account's failed-check
	// budget does not keep its owner out.
	return a.device(pr.UserID, m), nil
}

// ChangePassword replaces the caller's password after checking the current
// one, and ends every other session. Errors: invalid (a missing password),
// rate_limited (failed checks of the current password), invalid_credentials
// (a wrong current password), weak_password.
func (a *App) ChangePassword(ctx context.Context, p Principal, current, next string) error {
	if current == "" || next == "" {
		return domain.Invalid(msgRegisterRequired, nil)
	}
	var hash string
	var user domain.User
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		user, hash, err = tx.User(ctx, p.UserID)
		return err
	})
	if err != nil {
		return err
	}
	if len(current) > domain.MaxPasswordLen {
		current = current[:domain.MaxPasswordLen]
	}
	ok, err := a.passwordGate(ctx, p, func() (bool, error) { return a.hasher.Verify(ctx, current, hash) })
	if err != nil {
		return err
	}
	if !ok {
		return &domain.Error{Code: domain.CodeInvalidCredentials, Message: msgWrongCurrent,
			Fields: map[string]string{"currentPassword": msgWrongCurrent}}
	}
	if reasons := auth.CheckPassword(next, user.Email); len(reasons) > 0 {
		msg := auth.WeakPasswordMessage(reasons)
		return &domain.Error{Code: domain.CodeWeakPassword, Message: msg, Reasons: reasons, Fields: map[string]string{"newPassword": msg}}
	}
	newHash, err := a.hasher.Hash(ctx, next)
	if err != nil {
		return err
	}
	now := a.Now()
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.SetPasswordHash(ctx, p.UserID, newHash, now); err != nil {
			return err
		}
		_, err := tx.RevokeUserSessions(ctx, p.UserID, p.SessionID, now)
		return err
	})
	if err == nil {
		a.endStreams(p.UserID, realtime.Ended{Keep: p.SessionID})
	}
	return err
}

// SignOutRefresh ends the session a refresh token belongs to: the sign-out
// of a client whose access token has already expired. Errors: unauthorized
// (a malformed or unknown refresh token).
func (a *App) SignOutRefresh(ctx context.Context, value string) error {
	if len(value) != refreshTokenLen {
		return domain.ErrUnauthorized
	}
	var s store.Session
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		rt, err := tx.RefreshTokenByHash(ctx, auth.Hash(value))
		if err != nil {
			return err
		}
		if s, err = tx.Session(ctx, rt.SessionID); err != nil {
			return err
		}
		return tx.RevokeSession(ctx, rt.SessionID, a.Now())
	})
	if errors.Is(err, domain.ErrNotFound) {
		return domain.ErrUnauthorized
	}
	if err == nil {
		a.endStreams(s.UserID, realtime.Ended{Session: s.ID})
	}
	return err
}
