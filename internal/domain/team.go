package domain

import "time"

// InvitationTTL is how long an invitation link can be accepted.
const InvitationTTL = 72 * time.Hour

// Member is a person on a store's team. The owner is one too (Role dono),
// listed first, though no row stores it: every account owns its store.
type Member struct {
	UserID         string    `json:"userId"`
	Name           string    `json:"name"`
	Email          string    `json:"email"`
	Role           string    `json:"role" enum:"role"`
	ProfessionalID *string   `json:"professionalId"`
	CreatedAt      time.Time `json:"createdAt"`
}

// The states of an invitation, as 'Equipe' shows them.
const (
	InvitationPending  = "pendente"
	InvitationAccepted = "aceito"
	InvitationExpired  = "expirado"
	InvitationRevoked  = "cancelado"
)

// InvitationStates lists them.
var InvitationStates = []string{InvitationPending, InvitationAccepted, InvitationExpired, InvitationRevoked}

// MemberRoles are the roles a person can be invited to or given: every
// role but the owner's, which is never given.
var MemberRoles = []string{RoleManager, RoleReception, RoleProfessional}

// Invitation asks someone to join a store's team with a role. Its link's
// secret is never stored, only its hash.
type Invitation struct {
	ID             string     `json:"id"`
	Role           string     `json:"role" enum:"memberRole"`
	ProfessionalID *string    `json:"professionalId"`
	Name           string     `json:"name"`
	Email          string     `json:"email"`
	InvitedBy      string     `json:"-"`
	CreatedAt      time.Time  `json:"createdAt"`
	ExpiresAt      time.Time  `json:"expiresAt"`
	AcceptedAt     *time.Time `json:"acceptedAt"`
	AcceptedBy     *string    `json:"-"`
	RevokedAt      *time.Time `json:"revokedAt"`
	State          string     `json:"state" enum:"invitationState"`
}

// StateAt is the invitation's state at now.
func (i Invitation) StateAt(now time.Time) string {
	switch {
	case i.AcceptedAt != nil:
		return InvitationAccepted
	case i.RevokedAt != nil:
		return InvitationRevoked
	case !now.Before(i.ExpiresAt):
		return InvitationExpired
	}
	return InvitationPending
}

// Membership is one store a person can act in, for the store switcher.
type Membership struct {
	StoreID   string `json:"storeId"`
	StoreName string `json:"storeName"`
	Role      string `json:"role" enum:"role"`
}

// Bounds on a store's invitations: how many 'Equipe' lists, and how many
// may wait to be accepted at once (so a leaked session cannot mint links
// without end).
const (
	MaxInvitationsListed  = 50
	MaxPendingInvitations = 20
)

// Seat is where a session acts: the store (its owner's user id), the
// person's role there and, for a profissional, their professional record.
type Seat struct {
	StoreID        string  `json:"storeId"`
	Role           string  `json:"role" enum:"role"`
	ProfessionalID *string `json:"professionalId"`
}

// OwnSeat is the seat of a person in their own store.
func OwnSeat(userID string) Seat { return Seat{StoreID: userID, Role: RoleOwner} }

// TeamSettings are a store's choices about its team.
type TeamSettings struct {
	// ProfessionalsSeePhones shows clients' phones to the profissionais.
	// Off by default: they see "(11) 9••••-4321", and WhatsApp opens
	// through the server (MaskedPhone).
	ProfessionalsSeePhones bool `json:"professionalsSeePhones" doc:"Se os profissionais veem o telefone dos clientes (desligado: veem (11) 9••••-4321)"`
}
