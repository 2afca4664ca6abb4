package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"agendo/internal/domain"
	"agendo/internal/schedule"
	"agendo/internal/store"
)

// Public-page limits (DESIGN.md section 13).
const (
	// SaltRetention is how long a day's page-view salt lives.
	SaltRetention = 48 * time.Hour
	// MaxAvailabilityDays bounds one availability request.
	MaxAvailabilityDays = 31
)

// The messages a customer sees when a time cannot be booked.
const (
	msgSlotTaken     = "Este horário acabou de ser reservado. Escolha outro horário."
	msgOutsideHours  = "Este horário está fora do expediente. Escolha um dos horários disponíveis."
	msgPastTime      = "Este horário já passou. Escolha outro horário."
	msgLinkInvalid   = "Link inválido ou expirado. Confira o endereço que você recebeu."
	msgStoreNotFound = "Loja não encontrada"
)

// PublicStoreInfo is what anyone may see of a store: no owner, no Pix key.
type PublicStoreInfo struct {
	Slug             string              `json:"slug"`
	Name             string              `json:"name"`
	Description      string              `json:"description"`
	Phone            string              `json:"phone"`
	Address          string              `json:"address"`
	Logo             *string             `json:"logo"`
	HeroGradient     string              `json:"heroGradient"`
	BookingFlow      string              `json:"bookingFlow" enum:"bookingFlow"`
	WorkingHours     domain.WorkingHours `json:"workingHours"`
	SocialMedia      domain.SocialMedia  `json:"socialMedia"`
	AcceptedPayments []string            `json:"acceptedPayments" enum:"storePaymentMethod"`
	PixEnabled       bool                `json:"pixEnabled"`
	TimeZone         string              `json:"timeZone"`
	MinNoticeMin     int                 `json:"minNoticeMin"`
	HorizonDays      int                 `json:"horizonDays"`
	Today            string              `json:"today" format:"date"`
	// AcceptsBookings is false while the store's plan refuses new bookings
	// (the free plan's limit is used up): the page says so before the
	// first tap, with the store's phone or WhatsApp.
	AcceptsBookings bool `json:"acceptsBookings"`
}

// PublicService is a bookable service as customers see it.
type PublicService struct {
	ID              string   `json:"id" format:"uuid"`
	Name            string   `json:"name"`
	Description     string   `json:"description"`
	Duration        int      `json:"duration"`
	Price           *int64   `json:"price"`
	ProfessionalIDs []string `json:"professionalIds" format:"uuid"`
	// Includes names, for a combo, the services it holds, in order.
	Includes []string `json:"includes" doc:"Num pacote, os nomes dos serviços que ele inclui"`
}

// PublicProfessional is a professional as customers see them: no hours
// detail, no commission.
type PublicProfessional struct {
	ID                  string   `json:"id" format:"uuid"`
	Name                string   `json:"name"`
	Role                string   `json:"role"`
	Specialties         []string `json:"specialties"`
	Photos              []string `json:"photos"`
	CalendarType        string   `json:"calendarType" enum:"calendarType"`
	GoogleCalendarEmbed *string  `json:"googleCalendarEmbed"`
}

// PublicStore is the public store page's data.
type PublicStore struct {
	Store         PublicStoreInfo      `json:"store"`
	Services      []PublicService      `json:"services"`
	Professionals []PublicProfessional `json:"professionals"`
}

// PublicProfessionalPage is the professional's public page's data.
type PublicProfessionalPage struct {
	Professional PublicProfessional `json:"professional"`
	Store        PublicStoreInfo    `json:"store"`
	Services     []PublicService    `json:"services"`
}

// catalog is a published store with what can be booked there.
type catalog struct {
	store    domain.Store
	loc      *time.Location
	services []domain.Service
	pros     []domain.Professional
	// names are every service's names, bookable or not, by id: what a
	// combo includes.
	names map[string]string
}

func (c catalog) service(id string) (domain.Service, bool) {
	i := slices.IndexFunc(c.services, func(s domain.Service) bool { return s.ID == id })
	if i < 0 {
		return domain.Service{}, false
	}
	return c.services[i], true
}

func (c catalog) professional(id string) (domain.Professional, bool) {
	i := slices.IndexFunc(c.pros, func(p domain.Professional) bool { return p.ID == id })
	if i < 0 {
		return domain.Professional{}, false
	}
	return c.pros[i], true
}

// catalogOf reads userID's store and its catalogue (loadCatalog).
func catalogOf(ctx context.Context, tx *store.Tx, userID string) (catalog, error) {
	st, err := tx.StoreByUser(ctx, userID)
	if err != nil {
		return catalog{}, err
	}
	return loadCatalog(ctx, tx, st)
}

// loadCatalog reads a published store, its professionals and the services
// someone performs (with only existing professionals listed).
func loadCatalog(ctx context.Context, tx *store.Tx, st domain.Store) (catalog, error) {
	c := catalog{store: st, loc: storeLocation(st)}
	var err error
	if c.pros, err = tx.Professionals(ctx, st.UserID); err != nil {
		return c, err
	}
	all, err := tx.Services(ctx, st.UserID)
	if err != nil {
		return c, err
	}
	c.names = make(map[string]string, len(all))
	for _, s := range all {
		c.names[s.ID] = s.Name
	}
	for _, s := range all {
		s.ProfessionalIDs = slices.DeleteFunc(slices.Clone(s.ProfessionalIDs), func(id string) bool {
			_, ok := c.professional(id)
			return !ok
		})
		if len(s.ProfessionalIDs) > 0 {
			c.services = append(c.services, s)
		}
	}
	return c, nil
}

// cachedCatalog is a published store's catalogue as read at a version.
type cachedCatalog struct {
	version int64
	c       catalog
}

// catalogBySlug returns the published store at slug with its catalogue,
// from the cache while the stored catalogue version is the cached one (one
// indexed read instead of three tables; every catalogue write bumps the
// version, so this holds across instances), and the store's versions as
// read first in tx. The catalogue is shared: callers never modify it.
func (a *App) catalogBySlug(ctx context.Context, tx *store.Tx, slug string) (catalog, store.Versions, error) {
	_, v, err := tx.StoreVersions(ctx, slug)
	if errors.Is(err, domain.ErrNotFound) {
		return catalog{}, v, domain.Errorf(domain.CodeNotFound, msgStoreNotFound)
	}
	if err != nil {
		return catalog{}, v, err
	}
	if e, ok := a.catalogs.Load(slug); ok && e.(cachedCatalog).version == v.Catalog {
		return e.(cachedCatalog).c, v, nil
	}
	c, err := a.readCatalog(ctx, tx, slug)
	if err != nil {
		return c, v, err
	}
	// Cached only if nothing changed while it was read (PostgreSQL reads
	// each statement at its own snapshot).
	if _, again, err := tx.StoreVersions(ctx, slug); err == nil && again.Catalog == v.Catalog {
		a.catalogs.Store(slug, cachedCatalog{version: v.Catalog, c: c})
	}
	return c, v, nil
}

// busyKey names a cached window of one professional's busy times: each
// window asked for (the week, the month) is an entry of its own, so two
// windows of one professional never evict each other.
type busyKey struct{ professionalID, from, to string }

// cachedBusy is what occupies one professional on a window, as read at an
// agenda version of their store and one of theirs.
type cachedBusy struct {
	store, professional int64
	busy                []schedule.Busy
}

// maxCachedBusy bounds the busy-times cache: past it, the cache starts
// over (an entry is a few kilobytes).
const maxCachedBusy = 10_000

// busyOf returns what occupies each of userID's professionals ids on the
// days from..to (public availability), from the cache where an entry was
// read at the versions current now: the store's agenda version (agenda,
// bumped by writes of the whole agenda) and the professional's (bumped by
// every write of their appointments, in its own transaction). Both are
// read in tx before the busy times, so rows read after them are never
// older than they say, and an entry they name is never stale, on any
// instance. The slices are shared: callers never modify them.
func (a *App) busyOf(ctx context.Context, tx *store.Tx, userID string, agenda int64, ids []string, from, to string) (map[string][]schedule.Busy, error) {
	versions, err := tx.AgendaVersions(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]schedule.Busy, len(ids))
	var missing []string
	for _, id := range ids {
		if e, ok := a.busy.Load(busyKey{id, from, to}); ok {
			if b := e.(cachedBusy); b.store == agenda && b.professional == versions[id] {
				out[id] = b.busy
				continue
			}
		}
		missing = append(missing, id)
	}
	if len(missing) == 0 {
		return out, nil
	}
	read, err := tx.BusyOf(ctx, missing, from, to, "")
	if err != nil {
		return nil, err
	}
	if a.busyEntries.Add(int64(len(missing))) > maxCachedBusy {
		a.busy.Clear()
		a.busyEntries.Store(int64(len(missing)))
	}
	for _, id := range missing {
		out[id] = read[id]
		a.busy.Store(busyKey{id, from, to}, cachedBusy{store: agenda, professional: versions[id], busy: read[id]})
	}
	return out, nil
}

func (a *App) readCatalog(ctx context.Context, tx *store.Tx, slug string) (catalog, error) {
	st, err := tx.StoreBySlug(ctx, slug)
	if errors.Is(err, domain.ErrNotFound) || (err == nil && st.Name == "") {
		return catalog{}, domain.Errorf(domain.CodeNotFound, msgStoreNotFound)
	}
	if err != nil {
		return catalog{}, err
	}
	return loadCatalog(ctx, tx, st)
}

func (a *App) publicInfo(c catalog, accepts bool) PublicStoreInfo {
	st := c.store
	slug := ""
	if st.Slug != nil {
		slug = *st.Slug
	}
	return PublicStoreInfo{
		Slug: slug, Name: st.Name, Description: st.Description, Phone: st.Phone, Address: st.Address, Logo: st.Logo,
		HeroGradient: st.HeroGradient, BookingFlow: st.BookingFlow, WorkingHours: st.WorkingHours,
		SocialMedia: st.SocialMedia, AcceptedPayments: st.PaymentSettings.AcceptedMethods,
		PixEnabled: pixEnabled(st), TimeZone: st.TimeZone, MinNoticeMin: st.MinNoticeMin,
		HorizonDays: st.HorizonDays, Today: a.Now().In(c.loc).Format(time.DateOnly), AcceptsBookings: accepts,
	}
}

func pixEnabled(st domain.Store) bool {
	ps := st.PaymentSettings
	return slices.Contains(ps.AcceptedMethods, "pix") && ps.PixKey != "" && ps.PixReceiverName != "" && ps.PixCity != ""
}

func (c catalog) publicService(s domain.Service) PublicService {
	out := PublicService{ID: s.ID, Name: s.Name, Description: s.Description, Duration: s.Duration, Price: s.Price,
		ProfessionalIDs: s.ProfessionalIDs, Includes: []string{}}
	for _, id := range s.Includes {
		if name, ok := c.names[id]; ok {
			out.Includes = append(out.Includes, name)
		}
	}
	return out
}

func publicProfessional(p domain.Professional) PublicProfessional {
	return PublicProfessional{ID: p.ID, Name: p.Name, Role: p.Role, Specialties: p.Specialties, Photos: p.Photos,
		CalendarType: p.CalendarType, GoogleCalendarEmbed: p.GoogleCalendarEmbed}
}

// PublicStore returns the public page of the store at slug. Errors:
// not_found (no published store at slug).
func (a *App) PublicStore(ctx context.Context, slug string) (PublicStore, error) {
	var out PublicStore
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		c, _, err := a.catalogBySlug(ctx, tx, slug)
		if err != nil {
			return err
		}
		accepts, err := a.acceptsBookings(ctx, tx, c.store.UserID)
		if err != nil {
			return err
		}
		out = PublicStore{Store: a.publicInfo(c, accepts), Services: []PublicService{}, Professionals: []PublicProfessional{}}
		for _, s := range c.services {
			out.Services = append(out.Services, c.publicService(s))
		}
		for _, p := range c.pros {
			out.Professionals = append(out.Professionals, publicProfessional(p))
		}
		return nil
	})
	return out, err
}

// PublicProfessional returns a professional's public page. Errors: not_found
// (no such professional, or their store is not published).
func (a *App) PublicProfessional(ctx context.Context, id string) (PublicProfessionalPage, error) {
	notFound := domain.Errorf(domain.CodeNotFound, "Profissional não encontrado")
	var out PublicProfessionalPage
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		userID, err := tx.OwnerOfProfessional(ctx, id)
		if errors.Is(err, domain.ErrNotFound) {
			return notFound
		}
		if err != nil {
			return err
		}
		st, err := tx.StoreByUser(ctx, userID)
		if err != nil {
			return err
		}
		if st.Slug == nil || st.Name == "" {
			return notFound // an unpublished store shows nobody
		}
		c, err := loadCatalog(ctx, tx, st)
		if err != nil {
			return err
		}
		pro, ok := c.professional(id)
		if !ok {
			return notFound
		}
		accepts, err := a.acceptsBookings(ctx, tx, c.store.UserID)
		if err != nil {
			return err
		}
		out = PublicProfessionalPage{Professional: publicProfessional(pro), Store: a.publicInfo(c, accepts), Services: []PublicService{}}
		for _, s := range c.services {
			if slices.Contains(s.ProfessionalIDs, id) {
				out.Services = append(out.Services, c.publicService(s))
			}
		}
		return nil
	})
	return out, err
}

// AnyProfessional is the professionalId that asks for whoever is free.
const AnyProfessional = "any"

// candidates returns the professionals who may take svc: the one asked for,
// or every one who performs it.
func (c catalog) candidates(svc domain.Service, professionalID string) ([]domain.Professional, error) {
	if professionalID == AnyProfessional {
		var out []domain.Professional
		for _, id := range svc.ProfessionalIDs {
			p, _ := c.professional(id)
			out = append(out, p)
		}
		return out, nil
	}
	p, ok := c.professional(professionalID)
	if !ok {
		return nil, domain.Invalid("Profissional não encontrado", map[string]string{"professionalId": "Profissional não encontrado"})
	}
	if !slices.Contains(svc.ProfessionalIDs, p.ID) {
		return nil, domain.Invalid(fmt.Sprintf("%s não realiza %s", p.Name, svc.Name),
			map[string]string{"professionalId": "Este profissional não realiza este serviço"})
	}
	return []domain.Professional{p}, nil
}

// freeTimes runs the availability engine for one professional with the
// store's rules for customers; then are a visit's later services.
func (a *App) freeTimes(c catalog, pro domain.Professional, duration int, timing domain.Timing, from, to string, busy []schedule.Busy, then ...schedule.Part) []schedule.Day {
	return schedule.Free(a.request(c, pro, duration, timing, from, to, busy, then))
}

// request is what freeTimes asks the availability engine.
func (a *App) request(c catalog, pro domain.Professional, duration int, timing domain.Timing, from, to string, busy []schedule.Busy, then []schedule.Part) schedule.Request {
	return schedule.Request{
		StoreHours: c.store.WorkingHours, ProHours: pro.WorkingHours, Step: pro.BookingInterval, Duration: duration, Timing: timing,
		From: from, To: to, Busy: busy, ProfessionalID: pro.ID, Then: then,
		Rules: schedule.Rules{Loc: c.loc, Now: a.Now(), MinNotice: time.Duration(c.store.MinNoticeMin) * time.Minute,
			HorizonDays: c.store.HorizonDays},
	}
}

// window checks an availability request: from defaults to (and is never
// before) the store's today; days is 1..31, 7 by default.
func (a *App) window(c catalog, from string, days int) (string, string, error) {
	today := a.Now().In(c.loc).Format(time.DateOnly)
	if from == "" || from < today {
		if from != "" && !domain.ValidDate(from) {
			return "", "", domain.Invalid("Data inicial inválida", map[string]string{"from": "Use o formato AAAA-MM-DD"})
		}
		from = today
	}
	if !domain.ValidDate(from) {
		return "", "", domain.Invalid("Data inicial inválida", map[string]string{"from": "Use o formato AAAA-MM-DD"})
	}
	if days == 0 {
		days = 7
	}
	if days < 1 || days > MaxAvailabilityDays {
		return "", "", domain.Invalid(fmt.Sprintf("Consulte de 1 a %d dias por vez", MaxAvailabilityDays), map[string]string{"days": "Entre 1 e 31"})
	}
	f, _ := time.Parse(time.DateOnly, from)
	return from, f.AddDate(0, 0, days-1).Format(time.DateOnly), nil
}

// PublicAvailability returns the free times of a service on the days from
// on, with one professional or, for "any", with whoever performs it; with
// more, the starts where the whole visit fits. Errors: not_found (no
// published store at slug), invalid (an unknown service or professional,
// or one who does not perform it; a bad from or days; too many services).
func (a *App) PublicAvailability(ctx context.Context, slug, serviceID, professionalID, from string, days int, more []domain.VisitService) ([]schedule.Day, error) {
	pr := domain.Problems{}
	if checkMore(more, pr); pr.Err() != nil {
		return nil, pr.Err()
	}
	var out []schedule.Day
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		c, v, err := a.catalogBySlug(ctx, tx, slug)
		if err != nil {
			return err
		}
		svc, ok := c.service(serviceID)
		if !ok {
			return domain.Invalid("Serviço não encontrado", map[string]string{"serviceId": "Serviço não encontrado"})
		}
		pros, err := c.candidates(svc, professionalID)
		if err != nil {
			return err
		}
		later, options, err := c.laterServices(more)
		if err != nil {
			return err
		}
		from, to, err := a.window(c, from, days)
		if err != nil {
			return err
		}
		busy, err := a.busyOf(ctx, tx, c.store.UserID, v.Agenda, idsOf(pros, options), from, to)
		if err != nil {
			return err
		}
		then := chainOf(later, options, busy)
		for _, p := range pros {
			out = mergeDays(out, a.freeTimes(c, p, svc.Duration, svc.Timing, from, to, busy[p.ID], then...))
		}
		return nil
	})
	return out, err
}

// mergeDays unites the free times of two professionals day by day.
func mergeDays(acc, more []schedule.Day) []schedule.Day {
	if acc == nil {
		return more
	}
	for i := range acc {
		ts := append(acc[i].Times, more[i].Times...)
		slices.Sort(ts)
		acc[i].Times = slices.Compact(ts)
	}
	return acc
}

// checkOnlineTime explains why a customer cannot book at ap's time when it
// is not on offer even with an empty agenda; nil means the time is on
// offer, so what stands in the way is another booking.
func (a *App) checkOnlineTime(c catalog, pro domain.Professional, ap *domain.Appointment) error {
	free := a.freeTimes(c, pro, ap.DurationMin, ap.Timing, ap.Date, ap.Date, nil)
	if len(free) == 1 && slices.Contains(free[0].Times, ap.Time) {
		return nil
	}
	field := map[string]string{"time": "Horário indisponível"}
	start, _ := domain.ParseClock(ap.Time)
	d, _ := time.ParseInLocation(time.DateOnly, ap.Date, c.loc)
	at := d.Add(time.Duration(start) * time.Minute)
	now := a.Now()
	today := now.In(c.loc).Format(time.DateOnly)
	switch {
	case at.Before(now) || ap.Date < today:
		return domain.Invalid(msgPastTime, field)
	case at.Before(now.Add(time.Duration(c.store.MinNoticeMin) * time.Minute)):
		return domain.Invalid(fmt.Sprintf("Agendamentos online precisam de %s de antecedência. Escolha um horário mais tarde.",
			humanMinutes(c.store.MinNoticeMin)), field)
	case c.store.HorizonDays > 0 && ap.Date > now.In(c.loc).AddDate(0, 0, c.store.HorizonDays).Format(time.DateOnly):
		return domain.Invalid(fmt.Sprintf("Agendamentos online podem ser feitos com até %d dias de antecedência.",
			c.store.HorizonDays), map[string]string{"date": "Data além do limite da loja"})
	}
	return domain.Invalid(msgOutsideHours, field)
}

// bookOnline is book's last step for a customer: the time must be on offer
// and free (and on PostgreSQL, still free when it commits).
func (a *App) bookOnline(ctx context.Context, tx *store.Tx, userID string, st domain.Store, pro domain.Professional, ap *domain.Appointment, insert, checked bool) error {
	c := catalog{store: st, loc: storeLocation(st)}
	if !checked {
		if err := a.checkOnlineTime(c, pro, ap); err != nil {
			return err
		}
	}
	busy, err := tx.Busy(ctx, pro.ID, ap.Date, ap.Date, ap.ID)
	if err != nil {
		return err
	}
	taken := &domain.Error{Code: domain.CodeConflict, Message: msgSlotTaken, Fields: map[string]string{"time": "Horário ocupado"}}
	start, _ := domain.ParseClock(ap.Time)
	if schedule.Clashes(busy, ap.Timing, start, ap.DurationMin) {
		return taken
	}
	ap.Exclusive = true
	if err := tx.SaveAppointment(ctx, userID, *ap, insert); errors.Is(err, store.ErrOverlap) {
		return taken
	} else if err != nil {
		return err
	}
	return nil
}

// laterServices resolves a visit's later services on the store page: each
// service with who may take it. Errors: invalid (an unknown service or
// professional, or one who does not perform it), named on its service.
func (c catalog) laterServices(more []domain.VisitService) ([]domain.Service, [][]domain.Professional, error) {
	svcs := make([]domain.Service, len(more))
	options := make([][]domain.Professional, len(more))
	for i, m := range more {
		svc, ok := c.service(m.ServiceID)
		if !ok {
			return nil, nil, domain.Invalid("Serviço não encontrado", map[string]string{moreField(i, "serviceId"): "Serviço não encontrado"})
		}
		pros, err := c.candidates(svc, m.ProfessionalID)
		if err != nil {
			return nil, nil, underMore(err, i+1)
		}
		svcs[i], options[i] = svc, pros
	}
	return svcs, options, nil
}
