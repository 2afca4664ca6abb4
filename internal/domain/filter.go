package domain

// The filters of the list routes. Their `query` tags name the query
// parameters the HTTP layer decodes into them, and their `format` and `enum`
// tags describe those parameters in the OpenAPI document.

// AppointmentFilter narrows an appointment listing; empty fields match all.
type AppointmentFilter struct {
	From           string `query:"from" format:"date" doc:"Primeiro dia (inclusive)"`
	To             string `query:"to" format:"date" doc:"Último dia (inclusive)"`
	ProfessionalID string `query:"professionalId" format:"uuid"`
	Status         string `query:"status" enum:"status"`
	Query          string `query:"q" doc:"Parte do nome ou dos dígitos do telefone do cliente"`
	Limit          int    `query:"limit" doc:"Itens por página (até 200; 50 se omitido)"`
	Offset         int    `query:"offset"`
}

// ClientFilter narrows and orders the client list.
type ClientFilter struct {
	Query  string `query:"q" doc:"Parte do nome ou dos dígitos do telefone"`
	Sort   string `query:"sort" enum:"clientSort"`
	Limit  int    `query:"limit"`
	Offset int    `query:"offset"`
}

// ClientSorts are the orders of the client list.
var ClientSorts = []string{"name", "appointments", "spent", "lastVisit"}

// BlockedTimeFilter narrows a blocked-time listing; empty fields match all.
type BlockedTimeFilter struct {
	ProfessionalID string `query:"professionalId" format:"uuid"`
	From           string `query:"from" format:"date"`
	To             string `query:"to" format:"date"`
}

// WebhookDeliveryFilter selects a page of the webhook log.
type WebhookDeliveryFilter struct {
	FailuresOnly bool `query:"failures" doc:"só entregas recusadas ou com falha"`
	Limit        int  `query:"limit" doc:"até 100; 50 se omitido"`
	Offset       int  `query:"offset"`
}

// AuditFilter selects a page of audit entries, newest first, optionally
// about one setting or record ("plan_config", "webhook_config",
// "user_plan:…"); Cursor, an entry's id, starts the page after it.
type AuditFilter struct {
	DataAffected string `query:"data" doc:"só as entradas sobre este dado"`
	FailuresOnly bool   `query:"failures" doc:"só as operações bloqueadas"`
	Limit        int    `query:"limit" doc:"até 100; 10 se omitido"`
	Cursor       string `query:"cursor" doc:"o id da última entrada da página anterior: lista as mais antigas que ela"`
}
