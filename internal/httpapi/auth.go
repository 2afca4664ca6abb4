package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"agendo/internal/app"
	"agendo/internal/domain"
)

// refreshCookie carries the refresh token; HttpOnly so scripts never see it,
// and scoped to the auth routes.
const (
	refreshCookie     = "agendo_refresh"
	refreshCookiePath = "/api/v1/auth"
	refreshCookieAge  = 30 * 24 * time.Hour
)

// deviceCookie marks a browser where the account's password was proved (a
// sign-in, a sign-up, a reset by email), so a stranger spending the
// account's failed-check budget does not keep its owner out of it. It names
// no one (a random id and an HMAC) and lives as long as a browser keeps it.
const (
	deviceCookie    = "agendo_device"
	deviceCookieAge = 400 * 24 * time.Hour // the most browsers keep
)

func contextWithPrincipal(ctx context.Context, p app.Principal) context.Context {
	return context.WithValue(ctx, keyPrincipal, p)
}

type signInRequest struct {
	Email    string `json:"email" format:"email"`
	Password string `json:"password"`
}

type signOutRequest struct {
	Scope string `json:"scope,omitempty" enum:"signOutScope"`
}

type recoverRequest struct {
	Email string `json:"email" format:"email"`
}

type resetRequest struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

type passwordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

type accessResponse struct {
	IsAdmin bool `json:"isAdmin"`
}

type messageResponse struct {
	Message string `json:"message"`
}

type sessionUser struct {
	ID       string `json:"id" format:"uuid"`
	Email    string `json:"email" format:"email"`
	Metadata struct {
		Name string `json:"name"`
	} `json:"metadata"`
}

type sessionBody struct {
	AccessToken string      `json:"accessToken"`
	TokenType   string      `json:"tokenType"`
	ExpiresIn   int64       `json:"expiresIn"`
	ExpiresAt   int64       `json:"expiresAt"`
	User        sessionUser `json:"user"`
}

type sessionResponse struct {
	Session sessionBody    `json:"session"`
	Profile domain.Profile `json:"profile"`
	Store   domain.Seat    `json:"store" doc:"O salão em que a sessão age, e a função da pessoa nele"`
	Notice  string         `json:"notice,omitempty" doc:"Aviso para quem entrou (a exclusão da conta foi cancelada)"`
}

func (s *Server) meta(r *http.Request) app.Meta {
	m := app.Meta{IP: s.clientIP(r), UserAgent: r.UserAgent()}
	if c, err := r.Cookie(deviceCookie); err == nil {
		m.Device = c.Value
	}
	return m
}

// setDevice sets the device cookie; an empty value sets none.
func (s *Server) setDevice(w http.ResponseWriter, value string) {
	if value == "" {
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: deviceCookie, Value: value, Path: refreshCookiePath,
		MaxAge: int(deviceCookieAge.Seconds()), HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteStrictMode,
	})
}

// writeSession answers a new session: the access token in the body, the
// refresh token in its cookie.
func (s *Server) writeSession(w http.ResponseWriter, status int, res app.SessionResult) {
	expiresIn := int64(res.ExpiresAt.Sub(s.app.Now()).Round(time.Second).Seconds())
	http.SetCookie(w, &http.Cookie{
		Name: refreshCookie, Value: res.RefreshToken, Path: refreshCookiePath,
		MaxAge: int(refreshCookieAge.Seconds()), HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteStrictMode,
	})
	s.setDevice(w, res.Device)
	body := sessionResponse{Profile: res.Profile, Store: res.Seat, Notice: res.Notice, Session: sessionBody{
		AccessToken: res.AccessToken,
		TokenType:   "bearer",
		ExpiresIn:   max(expiresIn, 0),
		ExpiresAt:   res.ExpiresAt.Unix(),
		User:        sessionUser{ID: res.User.ID, Email: res.User.Email},
	}}
	body.Session.User.Metadata.Name = res.Profile.Name
	writeJSON(w, status, body)
}

func (s *Server) clearRefreshCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: refreshCookie, Value: "", Path: refreshCookiePath, MaxAge: -1,
		HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteStrictMode})
}

// POST /api/v1/auth/signup
func (s *Server) handleSignUp(w http.ResponseWriter, r *http.Request) {
	var in app.SignUpInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	res, err := s.app.SignUp(r.Context(), in, s.meta(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeSession(w, http.StatusCreated, res)
}

// POST /api/v1/auth/signin
func (s *Server) handleSignIn(w http.ResponseWriter, r *http.Request) {
	var in signInRequest
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	res, err := s.app.SignIn(r.Context(), in.Email, in.Password, s.meta(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeSession(w, http.StatusOK, res)
}

// POST /api/v1/auth/refresh
//
// Without any refresh cookie the browser holds no session (a visitor, or
// someone signed out): 204, so the web app's start-up refresh is no failed
// request. A cookie that is there but names no live session, or cannot be
// read, is 401 (and cleared).
func (s *Server) handleRefresh(w http.ResponseWriter, r *http.Request) {
	c, err := r.Cookie(refreshCookie)
	if errors.Is(err, http.ErrNoCookie) && !sentCookie(r, refreshCookie) {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err != nil || c.Value == "" {
		s.writeError(w, r, domain.ErrUnauthorized)
		return
	}
	res, err := s.app.Refresh(r.Context(), c.Value, s.meta(r))
	if err != nil {
		if code := domain.ErrorCode(err); code == domain.CodeUnauthorized || code == domain.CodeRefreshReused {
			s.clearRefreshCookie(w)
		}
		s.writeError(w, r, err)
		return
	}
	s.writeSession(w, http.StatusOK, res)
}

// sentCookie reports whether the request names cookie name at all, even
// with a value net/http cannot read (which r.Cookie skips).
func sentCookie(r *http.Request, name string) bool {
	for _, line := range r.Header.Values("Cookie") {
		for part := range strings.SplitSeq(line, ";") {
			if k, _, _ := strings.Cut(strings.TrimSpace(part), "="); k == name {
				return true
			}
		}
	}
	return false
}

// POST /api/v1/auth/signout
//
// Authenticated by the access token or, when that has expired, by the
// refresh cookie (local scope only), so signing out always ends the session.
func (s *Server) handleSignOut(w http.ResponseWriter, r *http.Request) {
	var in signOutRequest
	if r.ContentLength != 0 {
		if err := decode(w, r, &in); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	err := error(domain.ErrUnauthorized)
	if tok := bearer(r); tok != "" {
		var p app.Principal
		if p, err = s.app.Authenticate(r.Context(), tok); err == nil {
			err = s.app.SignOut(r.Context(), p, in.Scope)
		}
	}
	if domain.ErrorCode(err) == domain.CodeUnauthorized {
		// No valid access token: the refresh cookie still proves the session.
		if c, cerr := r.Cookie(refreshCookie); cerr == nil && c.Value != "" {
			err = s.app.SignOutRefresh(r.Context(), c.Value)
		}
	}
	if err != nil && domain.ErrorCode(err) != domain.CodeInvalid {
		s.clearRefreshCookie(w)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if in.Scope != domain.ScopeOthers {
		s.clearRefreshCookie(w)
	}
	w.WriteHeader(http.StatusNoContent)
}

// POST /api/v1/auth/recover
func (s *Server) handleRecover(w http.ResponseWriter, r *http.Request) {
	var in recoverRequest
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.app.RecoverPassword(r.Context(), in.Email, s.meta(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, messageResponse{Message: "Se existir uma conta com este email, enviamos um link para redefinir a senha."})
}

// POST /api/v1/auth/reset
func (s *Server) handleReset(w http.ResponseWriter, r *http.Request) {
	var in resetRequest
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	device, err := s.app.ResetPassword(r.Context(), in.Token, in.Password, s.meta(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.setDevice(w, device)
	w.WriteHeader(http.StatusNoContent)
}

// PUT /api/v1/auth/password
func (s *Server) handlePasswordChange(w http.ResponseWriter, r *http.Request) {
	var in passwordRequest
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.app.ChangePassword(r.Context(), principal(r.Context()), in.CurrentPassword, in.NewPassword); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// GET /api/v1/auth/access
func (s *Server) handleAccess(w http.ResponseWriter, r *http.Request) {
	ok, err := s.app.IsAdmin(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, accessResponse{IsAdmin: ok})
}
