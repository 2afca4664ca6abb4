package app

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"

	"agendo/internal/auth"
	"agendo/internal/domain"
	"agendo/internal/mail"
	"agendo/internal/realtime"
	"agendo/internal/store"
)

// The salon is a team (issue 26): the owner invites people with a role,
// each session acts in one store (its seat), and removing a member or
// changing their role ends their sessions there at once.

// Team is the 'Equipe' page: the owner and the members, and the
// invitations of the last 30 days.
type Team struct {
	Members     []domain.Member     `json:"members"`
	Invitations []domain.Invitation `json:"invitations"`
	Settings    domain.TeamSettings `json:"settings"`
}

const invitationsShownFor = 30 * 24 * time.Hour

// Team lists p's store's team. Errors: none besides internal.
func (a *App) Team(ctx context.Context, p Principal) (Team, error) {
	var out Team
	now := a.Now()
	err := a.readAs(ctx, p, func(tx *store.Tx) error {
		owner, _, err := tx.User(ctx, p.StoreID)
		if err != nil {
			return err
		}
		prof, err := tx.Profile(ctx, p.StoreID)
		if err != nil {
			return err
		}
		members, err := tx.Members(ctx, p.StoreID)
		if err != nil {
			return err
		}
		ownPro, err := tx.OwnerProfessional(ctx, p.StoreID)
		if err != nil {
			return err
		}
		out.Members = append([]domain.Member{{UserID: owner.ID, Name: prof.Name, Email: owner.Email,
			Role: domain.RoleOwner, ProfessionalID: ownPro, CreatedAt: owner.CreatedAt}}, members...)
		if out.Settings, err = tx.TeamSettings(ctx, p.StoreID); err != nil {
			return err
		}
		out.Invitations, err = tx.Invitations(ctx, p.StoreID, now.Add(-invitationsShownFor))
		for i := range out.Invitations {
			out.Invitations[i].State = out.Invitations[i].StateAt(now)
		}
		return err
	})
	return out, err
}

// SaveTeamSettings changes p's store's team settings, audited. A
// profissional's next request sees the change. Errors: none besides
// internal.
func (a *App) SaveTeamSettings(ctx context.Context, p Principal, in domain.TeamSettings) (domain.TeamSettings, error) {
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.SetTeamSettings(ctx, p.StoreID, in); err != nil {
			return err
		}
		shown := "ocultos"
		if in.ProfessionalsSeePhones {
			shown = "visíveis"
		}
		return tx.AddAudit(ctx, domain.AuditEntry{ID: newID(), Timestamp: a.Now(), AdminUserID: p.UserID,
			Action: "Telefones dos clientes " + shown + " para os profissionais", DataAffected: "store:" + p.StoreID, Success: true})
	})
	return in, err
}

// MemberInput is a role given to a person, with the professional record a
// profissional is (optional for the other roles: an agenda of their own).
type MemberInput struct {
	Role           string  `json:"role" enum:"memberRole"`
	ProfessionalID *string `json:"professionalId" doc:"O profissional que a pessoa é (obrigatório para a função profissional)"`
}

// InviteInput is an invitation to write.
type InviteInput struct {
	MemberInput
	Name  string `json:"name" max:"name" doc:"Como a pessoa se chama, para a mensagem (opcional)"`
	Email string `json:"email" max:"email" doc:"Se informado, o convite também vai por email"`
	Phone string `json:"phone" doc:"Se informado, o link do WhatsApp abre a conversa com a pessoa"`
}

// Invited is a new invitation with its link: shown once, never stored.
type Invited struct {
	Invitation domain.Invitation `json:"invitation"`
	Link       string            `json:"link"`
	WhatsApp   string            `json:"whatsapp" doc:"https://wa.me/… com o convite escrito"`
	Emailed    bool              `json:"emailed" doc:"Se o convite foi enviado por email"`
}

const (
	msgRoleRequired   = "Escolha a função: gerente, recepção ou profissional"
	msgProRequired    = "Escolha qual profissional do salão esta pessoa é"
	msgProNotFound    = "Profissional não encontrado: ele pode ter sido excluído"
	msgProTaken       = "Este profissional já está ligado ao acesso de outra pessoa da equipe"
	msgTooManyInvites = "Há convites demais esperando resposta. Cancele os que não serão usados e tente de novo."
	msgOwnerStays     = "O dono do salão não pode ser removido nem mudar de função."
	msgMemberNotFound = "Esta pessoa não faz parte da equipe."
	msgInvitationGone = "Convite não encontrado ou já respondido."
	msgStoreNotYours  = "Você não faz parte da equipe deste salão."
	msgInvitePhone    = "Telefone inválido: use o DDD e o número, como (11) 91234-5678"
)

// checkMember validates in against p's store in tx, returning the
// professional to link (nil when none).
func checkMember(ctx context.Context, tx *store.Tx, storeID string, in MemberInput) (*string, error) {
	if !slices.Contains(domain.MemberRoles, in.Role) {
		return nil, domain.Invalid(msgRoleRequired, map[string]string{"role": msgRoleRequired})
	}
	if in.ProfessionalID == nil || *in.ProfessionalID == "" {
		if in.Role == domain.RoleProfessional {
			return nil, domain.Invalid(msgProRequired, map[string]string{"professionalId": msgProRequired})
		}
		return nil, nil
	}
	if err := knownProfessional(ctx, tx, storeID, *in.ProfessionalID); err != nil {
		return nil, err
	}
	// The owner's own agenda has their login.
	if own, err := tx.OwnerProfessional(ctx, storeID); err != nil {
		return nil, err
	} else if own != nil && *own == *in.ProfessionalID {
		return nil, domain.Invalid(msgProTaken, map[string]string{"professionalId": msgProTaken})
	}
	return in.ProfessionalID, nil
}

// knownProfessional refuses a professional record storeID does not have.
func knownProfessional(ctx context.Context, tx *store.Tx, storeID, professionalID string) error {
	if _, err := tx.Professional(ctx, storeID, professionalID); errors.Is(err, domain.ErrNotFound) {
		return domain.Invalid(msgProNotFound, map[string]string{"professionalId": msgProNotFound})
	} else if err != nil {
		return err
	}
	return nil
}

// OwnAgendaInput is the professional record the owner serves clients as.
type OwnAgendaInput struct {
	ProfessionalID *string `json:"professionalId" doc:"O profissional que o dono é; null para nenhum"`
}

// LinkOwnAgenda links the owner's login to a professional record of their
// store, or unlinks it: their agenda is then 'Minha agenda', as a
// professional's is, while they still see the whole store. It returns the
// owner's seat, with the record. Errors: forbidden (anyone but the owner),
// invalid (a professional not found, or one another member's login is).
func (a *App) LinkOwnAgenda(ctx context.Context, p Principal, in OwnAgendaInput) (domain.Seat, error) {
	if p.Role != domain.RoleOwner || p.UserID != p.StoreID {
		return domain.Seat{}, domain.ErrForbidden
	}
	pro := in.ProfessionalID
	if pro != nil && *pro == "" {
		pro = nil
	}
	var seat domain.Seat
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.Lock(ctx, lockTeam, p.StoreID); err != nil {
			return err
		}
		if pro != nil {
			if err := knownProfessional(ctx, tx, p.StoreID, *pro); err != nil {
				return err
			}
			if taken, err := tx.ProfessionalHasLogin(ctx, p.StoreID, *pro, p.UserID); err != nil {
				return err
			} else if taken {
				return domain.Invalid(msgProTaken, map[string]string{"professionalId": msgProTaken})
			}
		}
		if err := tx.SetOwnerProfessional(ctx, p.StoreID, pro); err != nil {
			return err
		}
		var err error
		if seat, err = ownSeat(ctx, tx, p.StoreID); err != nil {
			return err
		}
		return tx.AddAudit(ctx, domain.AuditEntry{ID: newID(), Timestamp: a.Now(), AdminUserID: p.UserID,
			Action: "Ligar o dono a uma agenda", DataAffected: "professional:" + deref(pro) + " store:" + p.StoreID, Success: true})
	})
	return seat, err
}

// Invite writes an invitation to p's store and returns its link, emailed
// when in names an address. Errors: invalid (a role, professional, name,
// email or phone refused; too many invitations waiting).
func (a *App) Invite(ctx context.Context, p Principal, in InviteInput) (Invited, error) {
	pr := domain.Problems{}
	name := optional(pr, "name", in.Name, msgInvalidName, domain.CleanName)
	email := optional(pr, "email", in.Email, msgInvalidEmail, domain.NormalizeEmail)
	phone := optional(pr, "phone", in.Phone, msgInvitePhone, domain.NormalizePhone)
	if err := pr.Err(); err != nil {
		return Invited{}, err
	}
	now := a.Now()
	token := auth.RandomToken()
	inv := domain.Invitation{ID: newID(), Role: in.Role, Name: name, Email: email, InvitedBy: p.UserID,
		CreatedAt: now, ExpiresAt: now.Add(domain.InvitationTTL)}
	var storeName string
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.Lock(ctx, lockTeam, p.StoreID); err != nil {
			return err
		}
		pro, err := checkMember(ctx, tx, p.StoreID, in.MemberInput)
		if err != nil {
			return err
		}
		inv.ProfessionalID = pro
		n, err := tx.PendingInvitations(ctx, p.StoreID, now.Add(-domain.InvitationTTL))
		if err != nil {
			return err
		}
		if n >= domain.MaxPendingInvitations {
			return domain.Invalid(msgTooManyInvites, nil)
		}
		if storeName, err = a.storeName(ctx, tx, p.StoreID); err != nil {
			return err
		}
		if err := tx.CreateInvitation(ctx, p.StoreID, auth.Hash(token), inv); err != nil {
			return err
		}
		return tx.AddAudit(ctx, domain.AuditEntry{ID: newID(), Timestamp: now, AdminUserID: p.UserID,
			Action: "Convidar para a equipe", DataAffected: "invitation:" + inv.ID + " role:" + inv.Role, Success: true})
	})
	if err != nil {
		return Invited{}, err
	}
	inv.State = domain.InvitationPending
	link := a.cfg.BaseURL + "/convite/" + url.PathEscape(token)
	text := invitationText(storeName, inv, link)
	out := Invited{Invitation: inv, Link: link, WhatsApp: domain.WhatsAppLink(phone, text)}
	if email != "" {
		msg := mail.Message{To: email, Subject: "Convite para a equipe do " + storeName + " no Agendo", Body: text +
			"\n\nSe você não esperava este convite, ignore este email.\n\nEquipe Agendo\n"}
		a.goBackground(func(ctx context.Context) {
			if err := a.mailer.Send(ctx, msg); err != nil {
				a.log.Error("invitation email failed", "err", redactEmails(err.Error()))
			}
		})
		out.Emailed = true
	}
	return out, nil
}

// optional is an optional field's value cleaned by clean: empty stays
// empty, and a value clean refuses adds msg under field to pr.
func optional(pr domain.Problems, field, value, msg string, clean func(string) (string, bool)) string {
	if strings.TrimSpace(value) == "" {
		return ""
	}
	v, ok := clean(value)
	if !ok {
		pr.Add(field, msg)
	}
	return v
}

// invitationText is the invitation's message, for WhatsApp and email.
func invitationText(storeName string, inv domain.Invitation, link string) string {
	greeting := "Olá!"
	if inv.Name != "" {
		greeting = "Olá, " + strings.Fields(inv.Name)[0] + "!"
	}
	return greeting + " Você recebeu um convite para a equipe do " + storeName + " no Agendo, na função " +
		domain.RoleLabels[inv.Role] + ". Para aceitar, abra o link (vale por 72 horas e uma única vez): " + link
}

// storeName is storeID's name, or a neutral one while the owner has not
// named it.
func (a *App) storeName(ctx context.Context, tx *store.Tx, storeID string) (string, error) {
	st, err := tx.StoreByUser(ctx, storeID)
	if errors.Is(err, domain.ErrNotFound) || (err == nil && strings.TrimSpace(st.Name) == "") {
		return "salão", nil
	}
	return st.Name, err
}

// RevokeInvitation cancels an open invitation of p's store. Errors:
// not_found.
func (a *App) RevokeInvitation(ctx context.Context, p Principal, id string) error {
	return a.db.Write(ctx, func(tx *store.Tx) error {
		err := tx.RevokeInvitation(ctx, p.StoreID, id, a.Now())
		if errors.Is(err, domain.ErrNotFound) {
			return &domain.Error{Code: domain.CodeNotFound, Message: msgInvitationGone}
		}
		return err
	})
}

// InvitationPreview is what the invitation's page shows before it is
// accepted.
type InvitationPreview struct {
	StoreName string `json:"storeName"`
	Role      string `json:"role" enum:"memberRole"`
	Name      string `json:"name"`
	Email     string `json:"email"`
	InvitedBy string `json:"invitedBy" doc:"O nome de quem convidou"`
}

// Invitation previews the invitation whose link carries token. Errors:
// invalid_token (unknown, used, cancelled or expired, each said).
func (a *App) Invitation(ctx context.Context, token string) (InvitationPreview, error) {
	var out InvitationPreview
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		storeID, inv, err := openInvitation(ctx, tx, token, a.Now())
		if err != nil {
			return err
		}
		by, err := tx.Profile(ctx, inv.InvitedBy)
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		out = InvitationPreview{Role: inv.Role, Name: inv.Name, Email: inv.Email, InvitedBy: by.Name}
		out.StoreName, err = a.storeName(ctx, tx, storeID)
		return err
	})
	return out, err
}

// AcceptInvitation makes the signed-in p a member of the store the
// invitation names, and opens a session there in place of p's (the web
// app then shows that store). Errors: invalid_token, invalid, conflict.
func (a *App) AcceptInvitation(ctx context.Context, p Principal, token string, m Meta) (SessionResult, error) {
	return a.moveSession(ctx, p, m, func(tx *store.Tx, now time.Time) (domain.Seat, error) {
		return join(ctx, tx, token, p.UserID, now)
	})
}

// moveSession ends p's session and opens one acting in the seat that seat
// gives, in one transaction; p's event streams end once it commits.
func (a *App) moveSession(ctx context.Context, p Principal, m Meta, seat func(*store.Tx, time.Time) (domain.Seat, error)) (SessionResult, error) {
	var res SessionResult
	now := a.Now()
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		to, err := seat(tx, now)
		if err != nil {
			return err
		}
		u, _, err := tx.User(ctx, p.UserID)
		if err != nil {
			return err
		}
		prof, err := tx.Profile(ctx, p.UserID)
		if err != nil {
			return err
		}
		if err := tx.RevokeSession(ctx, p.SessionID, now); err != nil {
			return err
		}
		res, err = a.startSessionIn(ctx, tx, u, prof, to, m, now)
		return err
	})
	if err != nil {
		return SessionResult{}, err
	}
	a.endStreams(p.UserID, realtime.Ended{Session: p.SessionID})
	return res, nil
}

// Stores lists the stores p can act in, their own first when they have
// one: the store switcher, shown when there are several.
func (a *App) Stores(ctx context.Context, p Principal) ([]domain.Membership, error) {
	out := []domain.Membership{} // a list, never null, even for no store at all
	err := a.readAs(ctx, p, func(tx *store.Tx) error {
		st, err := tx.StoreByUser(ctx, p.UserID)
		switch {
		case err == nil:
			out = append(out, domain.Membership{StoreID: p.UserID, StoreName: st.Name, Role: domain.RoleOwner})
		case !errors.Is(err, domain.ErrNotFound):
			return err
		}
		ms, err := tx.Memberships(ctx, p.UserID)
		out = append(out, ms...)
		return err
	})
	return out, err
}

// SwitchStore ends p's session and opens one acting in storeID. Errors:
// not_found (p is not on that store's team).
func (a *App) SwitchStore(ctx context.Context, p Principal, storeID string, m Meta) (SessionResult, error) {
	return a.moveSession(ctx, p, m, func(tx *store.Tx, _ time.Time) (domain.Seat, error) {
		seat, err := seatIn(ctx, tx, p.UserID, storeID)
		if domain.ErrorCode(err) == domain.CodeUnauthorized {
			return seat, &domain.Error{Code: domain.CodeNotFound, Message: msgStoreNotYours}
		}
		return seat, err
	})
}

// ChangeMember gives member userID of p's store another role (or
// professional record), ending their sessions there: they sign in again
// with what the new role allows. Errors: not_found, invalid, conflict.
func (a *App) ChangeMember(ctx context.Context, p Principal, userID string, in MemberInput) error {
	return a.rewriteMember(ctx, p, userID, "Mudar a função de um membro", func(tx *store.Tx) error {
		pro, err := checkMember(ctx, tx, p.StoreID, in)
		if err != nil {
			return err
		}
		return tx.SetMember(ctx, p.StoreID, userID, in.Role, pro)
	})
}

// RemoveMember takes member userID off p's store's team, ending their
// sessions and event streams there at once. Errors: not_found, invalid
// (the owner).
func (a *App) RemoveMember(ctx context.Context, p Principal, userID string) error {
	return a.rewriteMember(ctx, p, userID, "Remover da equipe", func(tx *store.Tx) error {
		return tx.RemoveMember(ctx, p.StoreID, userID)
	})
}

// rewriteMember runs write on member userID of p's store, then ends their
// sessions in it, audited as action.
func (a *App) rewriteMember(ctx context.Context, p Principal, userID, action string, write func(*store.Tx) error) error {
	if userID == p.StoreID {
		return domain.Invalid(msgOwnerStays, nil)
	}
	var ended []string
	now := a.Now()
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.Lock(ctx, lockTeam, p.StoreID); err != nil {
			return err
		}
		if err := write(tx); errors.Is(err, domain.ErrNotFound) {
			return &domain.Error{Code: domain.CodeNotFound, Message: msgMemberNotFound}
		} else if err != nil {
			return err
		}
		var err error
		if ended, err = tx.RevokeStoreSessions(ctx, p.StoreID, userID, now); err != nil {
			return err
		}
		return tx.AddAudit(ctx, domain.AuditEntry{ID: newID(), Timestamp: now, AdminUserID: p.UserID,
			Action: action, DataAffected: "member:" + userID + " store:" + p.StoreID, Success: true})
	})
	if err != nil {
		return err
	}
	for _, id := range ended {
		a.endStreams(userID, realtime.Ended{Session: id})
	}
	return nil
}
