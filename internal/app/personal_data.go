package app

import (
	"context"
	"errors"
	"time"

	"agendo/internal/domain"
	"agendo/internal/realtime"
	"agendo/internal/store"
)

// A person's own data, apart from any salon's (LGPD art. 18): what a team
// member downloads wherever they work, and how they leave a team, to
// delete their account from their own seat.

// maxPersonalSessions bounds the sessions a copy lists.
const maxPersonalSessions = 200

// PersonalData is what Agendo keeps about a person, apart from the data of
// the salons they work in.
type PersonalData struct {
	Profile   domain.Profile      `json:"profile"`
	CreatedAt time.Time           `json:"createdAt"`
	Teams     []domain.Membership `json:"teams" doc:"Os salões de cuja equipe a pessoa faz parte, e a função em cada um"`
	Sessions  []PersonalSession   `json:"sessions" doc:"As últimas 200 sessões, da mais recente à mais antiga"`
	Note      string              `json:"note"`
}

// PersonalSession is one sign-in of the person.
type PersonalSession struct {
	Device       string     `json:"device" doc:"O navegador, como ele se apresentou"`
	Store        string     `json:"store" doc:"O salão em que a sessão agia"`
	StartedAt    time.Time  `json:"startedAt"`
	LastActiveAt time.Time  `json:"lastActiveAt"`
	EndedAt      *time.Time `json:"endedAt"`
}

// personalDataNote says what the copy leaves to the salons.
const personalDataNote = "Os agendamentos, clientes e números de cada salão são dados do salão: peça ao dono. " +
	"Neles, seu nome aparece como quem marcou ou alterou um agendamento."

// PersonalData is p's own data. Errors: none besides internal.
func (a *App) PersonalData(ctx context.Context, p Principal) (PersonalData, error) {
	var out PersonalData
	err := a.readAs(ctx, p, func(tx *store.Tx) error {
		u, _, err := tx.User(ctx, p.UserID)
		if err != nil {
			return err
		}
		if out.Profile, err = tx.Profile(ctx, p.UserID); err != nil {
			return err
		}
		out.CreatedAt, out.Note = u.CreatedAt, personalDataNote
		if out.Teams, err = tx.Memberships(ctx, p.UserID); err != nil {
			return err
		}
		names := map[string]string{p.UserID: "Seu próprio salão"}
		for _, m := range out.Teams {
			names[m.StoreID] = m.StoreName
		}
		sessions, err := tx.UserSessions(ctx, p.UserID, maxPersonalSessions)
		out.Sessions = make([]PersonalSession, len(sessions))
		for i, s := range sessions {
			out.Sessions[i] = PersonalSession{Device: s.UserAgent, Store: names[s.StoreID], StartedAt: s.CreatedAt,
				LastActiveAt: s.RefreshedAt, EndedAt: s.RevokedAt}
		}
		return err
	})
	return out, err
}

// msgOwnerLeaves refuses the owner leaving their own store's team.
const msgOwnerLeaves = "Você é o dono deste salão: não há equipe para sair."

// LeaveTeam takes p off the team of the store p acts in, ends p's sessions
// there and opens one in p's own seat, where p may download or delete
// their account. Errors: invalid (the owner), not_found (no longer a
// member).
func (a *App) LeaveTeam(ctx context.Context, p Principal, m Meta) (SessionResult, error) {
	if p.StoreID == p.UserID {
		return SessionResult{}, domain.Invalid(msgOwnerLeaves, nil)
	}
	var ended []string
	res, err := a.moveSession(ctx, p, m, func(tx *store.Tx, now time.Time) (domain.Seat, error) {
		if err := tx.Lock(ctx, lockTeam, p.StoreID); err != nil {
			return domain.Seat{}, err
		}
		if err := tx.RemoveMember(ctx, p.StoreID, p.UserID); errors.Is(err, domain.ErrNotFound) {
			return domain.Seat{}, &domain.Error{Code: domain.CodeNotFound, Message: msgMemberNotFound}
		} else if err != nil {
			return domain.Seat{}, err
		}
		var err error
		if ended, err = tx.RevokeStoreSessions(ctx, p.StoreID, p.UserID, now); err != nil {
			return domain.Seat{}, err
		}
		if err := tx.AddAudit(ctx, domain.AuditEntry{ID: newID(), Timestamp: now, AdminUserID: p.UserID,
			Action: "Sair da equipe", DataAffected: "member:" + p.UserID + " store:" + p.StoreID, Success: true}); err != nil {
			return domain.Seat{}, err
		}
		if err := ensureOwnStore(ctx, tx, p.UserID, now); err != nil {
			return domain.Seat{}, err
		}
		return ownSeat(ctx, tx, p.UserID)
	})
	if err != nil {
		return SessionResult{}, err
	}
	for _, id := range ended {
		if id != p.SessionID { // moveSession ended this one's streams
			a.endStreams(p.UserID, realtime.Ended{Session: id})
		}
	}
	return res, nil
}
