package app

import "agendo/internal/domain"

// A profissional sees the part of the store that names their own
// professional record (domain.OwnScope): their appointments, blocked
// times, trash, figures and the clients they served. Every use-case that
// reads or writes such things narrows through these three methods, so the
// rule is written once; another professional's object is not found, never
// shown.

// noProfessional names no professional record: a profissional whose
// record was deleted sees nothing rather than everything.
const noProfessional = "nenhum"

// own is the professional record p is narrowed to, or "" when p sees the
// whole store.
func (p Principal) own() string {
	if !domain.OwnScope(p.Role) {
		return ""
	}
	if p.ProfessionalID == "" {
		return noProfessional
	}
	return p.ProfessionalID
}

// Scope is the professional record p's lists, details and events are
// narrowed to ("" for the whole store).
func (p Principal) Scope() string { return p.own() }

// sees reports whether p may see what names professionalID.
func (p Principal) sees(professionalID string) bool {
	own := p.own()
	return own == "" || own == professionalID
}

// narrow is the professional filter p's list takes: a profissional's own
// record (asking for another's is refused), anyone else's choice as it
// is. Errors: forbidden.
func (p Principal) narrow(asked string) (string, error) {
	own := p.own()
	switch {
	case own == "":
		return asked, nil
	case asked != "" && asked != own:
		return "", domain.ErrForbidden
	}
	return own, nil
}

// mayWrite refuses p's write naming professionalID when p may not see it
// (a profissional booking or blocking another's agenda). Errors:
// forbidden.
func (p Principal) mayWrite(professionalID string) error {
	if !p.sees(professionalID) {
		return domain.ErrForbidden
	}
	return nil
}
