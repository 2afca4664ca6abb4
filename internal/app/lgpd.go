package app

import (
	"context"
	"crypto/rand"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// LGPD (DESIGN.md section 7a): the salon is the controller of its clients'
// data and answers their requests — a copy of what it holds about them, and
// their erasure — from the client's page.

// ExportedAppointment is an appointment in a client's export, with its
// service's and professional's names; DeletedAt is set on those in the trash.
type ExportedAppointment struct {
	domain.Appointment
	ServiceName      string     `json:"serviceName"`
	ProfessionalName string     `json:"professionalName"`
	DeletedAt        *time.Time `json:"deletedAt,omitempty"`
}

// ExportedClient is a client in the account's export, with the record the
// salon keeps.
type ExportedClient struct {
	Client
	Record domain.ClientRecord `json:"record"`
}

// ClientExport is everything the salon holds about one client (LGPD art.
// 18, II: access to the data).
type ClientExport struct {
	ExportedAt   time.Time             `json:"exportedAt"`
	Controller   string                `json:"controller" doc:"O salão, controlador dos dados"`
	Name         string                `json:"name"`
	Phone        string                `json:"phone"`
	Record       *domain.ClientRecord  `json:"record" doc:"A ficha do cliente (outro telefone, e-mail, aniversário, observações, etiquetas); null sem ficha"`
	Appointments []ExportedAppointment `json:"appointments"`
	Trash        []ExportedAppointment `json:"trash" doc:"Agendamentos excluídos que ainda estão na lixeira (apagados após 30 dias)"`
	Redemptions  []domain.Redemption   `json:"redemptions"`
	Consents     []domain.Consent      `json:"consents" doc:"Consentimentos para novidades pelo WhatsApp, dados e retirados, com a prova"`
	// Channels are the emails the client gave for reminders, and took
	// back, with the proof (issue 28).
	Channels []domain.ChannelConsent `json:"channels" doc:"E-mails dados para lembretes, e pedidos para parar, com a prova"`
	// Waitlist is where the client waited for a day (issue 29).
	Waitlist []domain.WaitlistEntry `json:"waitlist" doc:"As vezes em que o cliente entrou na lista de espera"`
}

// clientExport reads one client's export in tx. Errors: not_found (no
// appointment with key, in the agenda or the trash).
func (a *App) clientExport(ctx context.Context, tx *store.Tx, userID, key string) (ClientExport, error) {
	out := ClientExport{ExportedAt: a.Now(), Phone: key, Appointments: []ExportedAppointment{}, Trash: []ExportedAppointment{}}
	st, err := tx.StoreByUser(ctx, userID)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return out, err
	}
	out.Controller = st.Name
	names, err := catalogNames(ctx, tx, userID)
	if err != nil {
		return out, err
	}
	aps, err := tx.ClientAppointments(ctx, userID, key, 10000)
	if err != nil {
		return out, err
	}
	for _, ap := range aps {
		out.Appointments = append(out.Appointments, ExportedAppointment{ap, names[ap.ServiceID], names[ap.ProfessionalID], nil})
	}
	trash, err := tx.ClientTrash(ctx, userID, key)
	if err != nil {
		return out, err
	}
	for _, d := range trash {
		out.Trash = append(out.Trash, ExportedAppointment{d.Appointment, names[d.ServiceID], names[d.ProfessionalID], &d.DeletedAt})
	}
	row, rec, err := tx.Client(ctx, userID, key)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return out, err
	}
	waiting, err := tx.ClientWaitlist(ctx, userID, key)
	if err != nil {
		return out, err
	}
	switch {
	case row.Registered:
		out.Name, out.Record = row.Name, &rec
	case len(aps) > 0:
		out.Name = aps[0].ClientName
	case len(trash) > 0:
		out.Name = trash[0].ClientName
	case len(waiting) > 0:
		out.Name = waiting[0].ClientName
	default:
		return out, msgNoClient
	}
	if out.Redemptions, err = tx.ClientRedemptions(ctx, userID, key); err != nil {
		return out, err
	}
	if out.Consents, err = tx.ClientConsents(ctx, userID, key); err != nil {
		return out, err
	}
	if out.Channels, err = tx.ChannelConsents(ctx, userID, key); err != nil {
		return out, err
	}
	out.Waitlist = waiting
	return out, nil
}

// ExportClient returns everything the caller holds about one client (by
// phone as typed, or an anonymised client's id). Errors: not_found.
func (a *App) ExportClient(ctx context.Context, p Principal, phone string) (ClientExport, error) {
	key, ok := a.clientKey(p, phone)
	if !ok {
		return ClientExport{}, msgNoClient
	}
	var out ClientExport
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		out, err = a.clientExport(ctx, tx, p.StoreID, key)
		return err
	})
	return out, err
}

// ExportClientCSV writes one client's export as CSV for Brazilian
// spreadsheets (report_export.go), one section a kind, to the writer open
// returns for the file's name; open is not called when the export is
// refused. Errors: not_found.
func (a *App) ExportClientCSV(ctx context.Context, p Principal, phone string, open func(filename string) io.Writer) error {
	x, err := a.ExportClient(ctx, p, phone)
	if err != nil {
		return err
	}
	w := open("agendo-cliente-" + strings.TrimPrefix(x.Phone, "+") + ".csv")
	if _, err := io.WriteString(w, "\ufeff"); err != nil {
		return err
	}
	out := brCSV(w)
	_ = out.Write([]string{"Cliente", "Telefone", "Salão", "Exportado em"})
	_ = out.Write([]string{cell(x.Name), domain.FormatPhone(x.Phone), cell(x.Controller), brDateTime(x.ExportedAt)})
	if r := x.Record; r != nil {
		_ = out.Write(nil)
		_ = out.Write([]string{"Ficha"})
		_ = out.Write([]string{"Outro telefone", "E-mail", "Aniversário", "Observações", "Etiquetas"})
		_ = out.Write([]string{domain.FormatPhone(r.Phone2), cell(r.Email), domain.FormatBirthday(r.Birthday), cell(r.Notes),
			cell(strings.Join(r.Tags, ", "))})
	}
	appointments := func(title string, list []ExportedAppointment) {
		_ = out.Write(nil)
		_ = out.Write([]string{title})
		_ = out.Write([]string{"Data", "Horário", "Serviço", "Profissional", "Duração (min)", "Status", "Valor (R$)", "Pagamento", "Origem", "Observações", "Excluído em"})
		for _, ap := range list {
			price, method, deleted := "", "", ""
			if ap.Price != nil {
				price = domain.DecimalBR(*ap.Price)
			}
			if ap.PaymentMethod != nil {
				method = domain.PaymentNames[*ap.PaymentMethod]
			}
			if ap.DeletedAt != nil {
				deleted = brDateTime(*ap.DeletedAt)
			}
			_ = out.Write([]string{brDate(ap.Date), ap.Time, cell(ap.ServiceName), cell(ap.ProfessionalName), strconv.Itoa(ap.DurationMin),
				domain.StatusNames[ap.Status], price, method, sourceName(ap.Source), cell(ap.Notes), deleted})
		}
	}
	appointments("Agendamentos", x.Appointments)
	appointments("Lixeira", x.Trash)
	_ = out.Write(nil)
	_ = out.Write([]string{"Prêmios usados"})
	_ = out.Write([]string{"Data", "Promoção", "Prêmio"})
	for _, r := range x.Redemptions {
		_ = out.Write([]string{brDateTime(r.CreatedAt), cell(r.PromotionName), cell(r.Reward)})
	}
	_ = out.Write(nil)
	_ = out.Write([]string{"Consentimentos (novidades pelo WhatsApp)"})
	_ = out.Write([]string{"Data", "Resposta", "Onde", "Texto", "Versão do texto"})
	for _, c := range x.Consents {
		answer := "Aceitou"
		if !c.Granted {
			answer = "Pediu para sair"
		}
		_ = out.Write([]string{brDateTime(c.CreatedAt), answer, consentSourceNames[c.Source], cell(c.Text), c.TextVersion})
	}
	_ = out.Write(nil)
	_ = out.Write([]string{"Lembretes (e-mail e notificações)"})
	_ = out.Write([]string{"Data", "Canal", "Resposta", "E-mail", "Texto"})
	for _, c := range x.Channels {
		channel, answer := "E-mail", "Deu o e-mail"
		if c.Channel == domain.ChannelPush {
			channel, answer = "Notificação no celular", "Permitiu"
		}
		if !c.Granted {
			answer = "Pediu para parar"
		}
		_ = out.Write([]string{brDateTime(c.CreatedAt), channel, answer, cell(c.Address), cell(c.Text)})
	}
	_ = out.Write(nil)
	_ = out.Write([]string{"Lista de espera"})
	_ = out.Write([]string{"Pedido em", "Dia", "Situação"})
	for _, e := range x.Waitlist {
		_ = out.Write([]string{brDateTime(e.CreatedAt), brDate(e.Date), waitlistStatusNames[e.Status]})
	}
	out.Flush()
	return out.Error()
}

// waitlistStatusNames name a waitlist entry's status in an export.
var waitlistStatusNames = map[string]string{domain.WaitlistWaiting: "Na fila", domain.WaitlistOffered: "Horário oferecido",
	domain.WaitlistBooked: "Agendou", domain.WaitlistExpired: "Oferta passou", domain.WaitlistRemoved: "Saiu da fila"}

// ClientAnonymized is what an erasure rewrote.
type ClientAnonymized struct {
	Phone        string `json:"phone" doc:"O id anônimo que substitui o telefone"`
	Name         string `json:"name" example:"Cliente removido"`
	Appointments int64  `json:"appointments" doc:"Agendamentos anonimizados"`
	Trash        int64  `json:"trash" doc:"Agendamentos da lixeira anonimizados"`
}

// AnonymizeClient erases one client's personal data in one transaction
// (LGPD art. 18, VI): on their appointments and in the trash the name becomes
// 'Cliente removido', the phone an anonymous id (one per client, so their
// history stays one client's) and the notes go; their rewards and WhatsApp
// contact are deleted; dates, prices and statuses stay, so reports stay
// true; their consents go too. Errors: invalid (a client already anonymised), not_found (a phone
// with no appointment).
func (a *App) AnonymizeClient(ctx context.Context, p Principal, phone string) (ClientAnonymized, error) {
	if domain.IsAnonymousPhone(phone) {
		return ClientAnonymized{}, domain.Invalid("Este cliente já foi anonimizado", nil)
	}
	key, ok := domain.NormalizePhone(a.openPhone(p, phone))
	if !ok {
		return ClientAnonymized{}, msgNoClient
	}
	out := ClientAnonymized{Name: domain.AnonymousName}
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		for {
			var random [12]byte
			_, _ = rand.Read(random[:])
			out.Phone = domain.AnonymousPhone(random)
			// 26^12 ids: a clash is next to impossible, and would merge two
			// erased clients into one, so it is looked for.
			if _, err := tx.ClientSummary(ctx, p.StoreID, out.Phone); errors.Is(err, domain.ErrNotFound) {
				break
			} else if err != nil {
				return err
			}
		}
		n, err := tx.AnonymizeClient(ctx, p.StoreID, key, out.Phone)
		if errors.Is(err, domain.ErrNotFound) {
			return msgNoClient
		}
		out.Appointments, out.Trash = n.Appointments, n.Trash
		return err
	})
	if err != nil {
		return ClientAnonymized{}, err
	}
	// The record of the erasure keeps no phone and no name.
	a.log.InfoContext(ctx, "client anonymised", "user_id", p.StoreID, "client", out.Phone,
		"appointments", out.Appointments, "trash", out.Trash)
	a.publish(p.StoreID, domain.EventClientUpdated, out.Phone)
	return out, nil
}

// catalogNames names storeID's services and professionals by id (ids are
// unique across both), for what lists appointments by name: a client's
// export, a calendar feed.
func catalogNames(ctx context.Context, tx *store.Tx, storeID string) (map[string]string, error) {
	names := map[string]string{}
	svcs, err := tx.Services(ctx, storeID)
	if err != nil {
		return nil, err
	}
	for _, s := range svcs {
		names[s.ID] = s.Name
	}
	pros, err := tx.Professionals(ctx, storeID)
	if err != nil {
		return nil, err
	}
	for _, p := range pros {
		names[p.ID] = p.Name
	}
	return names, nil
}
