package httpapi

import (
	"net/http"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/realtime"
	"agendo/internal/schedule"
)

// Access says who may call a route.
type Access int

// Access levels.
const (
	Public Access = iota // anyone
	User                 // a signed-in owner (Bearer access token)
	Admin                // a signed-in admin
)

// Route is one entry of the route table, and of the OpenAPI document
// (openapi.go): the zero values of Request, Response, Query and Multipart
// are sample values whose types describe the bodies and parameters.
type Route struct {
	Method       string
	Pattern      string
	Access       Access
	Perm         string // a User route's permission (domain.RolePermissions), checked before the handler
	Summary      string
	Query        any    // a struct whose `query` tags name the query parameters (decodeQuery)
	Request      any    // the JSON body
	OptionalBody bool   // the JSON body may be left out
	Multipart    any    // a multipart/form-data body, described by a struct
	Response     any    // the JSON answer
	Produces     string // the answer's media type when it is not JSON
	Status       int    // success status; 200 when zero
	NoContent    string // when set, the route may also answer 204 with no body: says when
	Errors       []int  // error statuses beyond those every route of its kind gives
	// SessionInRead: the guard verifies only the access token, and the
	// handler's use-case checks the session in its own read transaction
	// (app.AuthenticateToken): one transaction a request instead of two.
	// Only for User routes whose use-case reads through app's readAs before
	// doing anything else; TestSessionInReadRoutesRefuseAnEndedSession holds
	// every such route to it.
	SessionInRead bool
	Handler       http.HandlerFunc
}

// routeTable is the whole API: one table, read top to bottom.
func (s *Server) routeTable() []Route {
	return []Route{
		{Method: "GET", Pattern: "/healthz", Access: Public, Summary: "O processo está no ar", Response: statusResponse{}, Handler: s.handleHealthz},
		{Method: "GET", Pattern: "/readyz", Access: Public, Summary: "O banco de dados responde", Response: statusResponse{}, Errors: []int{503}, Handler: s.handleReadyz},
		{Method: "GET", Pattern: "/metrics", Access: Public, Summary: "Métricas no formato do Prometheus", Produces: "text/plain", Handler: s.handleMetrics},
		{Method: "GET", Pattern: "/api/v1/openapi.json", Access: Public, Summary: "Este documento OpenAPI", Handler: s.handleOpenAPI},

		{Method: "POST", Pattern: "/api/v1/auth/signup", Access: Public, Summary: "Cria uma conta e inicia a sessão", Request: app.SignUpInput{}, Response: sessionResponse{}, Status: 201, Errors: []int{409, 429}, Handler: s.handleSignUp},
		{Method: "POST", Pattern: "/api/v1/auth/signin", Access: Public, Summary: "Entra com email e senha", Request: signInRequest{}, Response: sessionResponse{}, Errors: []int{401, 403, 429}, Handler: s.handleSignIn},
		{Method: "POST", Pattern: "/api/v1/auth/refresh", Access: Public, Summary: "Troca o refresh token (cookie) por uma nova sessão", Response: sessionResponse{}, NoContent: "Sem cookie de refresh: não há sessão neste navegador", Errors: []int{401, 429}, Handler: s.handleRefresh},
		{Method: "POST", Pattern: "/api/v1/auth/signout", Access: Public, Summary: "Encerra a sessão (escopo local, global ou others)", Request: signOutRequest{}, OptionalBody: true, Status: 204, Errors: []int{401}, Handler: s.handleSignOut},
		{Method: "POST", Pattern: "/api/v1/auth/recover", Access: Public, Summary: "Envia o email de redefinição de senha", Request: recoverRequest{}, Response: messageResponse{}, Errors: []int{429}, Handler: s.handleRecover},
		{Method: "POST", Pattern: "/api/v1/auth/reset", Access: Public, Summary: "Define uma nova senha com o link do email", Request: resetRequest{}, Status: 204, Errors: []int{401, 429}, Handler: s.handleReset},
		{Method: "PUT", Pattern: "/api/v1/auth/password", Access: User, Perm: domain.PermAccount, Summary: "Altera a senha e encerra as outras sessões", Request: passwordRequest{}, Status: 204, Errors: []int{429}, Handler: s.handlePasswordChange},
		{Method: "GET", Pattern: "/api/v1/auth/access", Access: User, Perm: domain.PermAccount, Summary: "Diz se o usuário é administrador", Response: accessResponse{}, Handler: s.handleAccess},

		{Method: "GET", Pattern: "/api/v1/profile", Access: User, Perm: domain.PermAccount, Summary: "Lê o perfil", Response: domain.Profile{}, Handler: s.handleProfileGet},
		{Method: "PATCH", Pattern: "/api/v1/profile", Access: User, Perm: domain.PermAccount, Summary: "Atualiza nome, telefone e avatar", Request: domain.ProfileUpdate{}, Response: domain.Profile{}, Handler: s.handleProfileUpdate},
		{Method: "GET", Pattern: "/api/v1/account/personal-data", Access: User, Perm: domain.PermAccount, Summary: "Os dados pessoais da pessoa (LGPD), fora os dos salões em que trabalha: perfil, equipes e sessões", Response: app.PersonalData{}, Handler: s.handlePersonalData},
		{Method: "GET", Pattern: "/api/v1/account/export", Access: User, Perm: domain.PermExport, Summary: "Exporta todos os dados da conta (LGPD): um zip com JSON e CSV de cada tipo e as imagens enviadas; 429 enquanto outras exportações estão em andamento", Produces: "application/zip", Errors: []int{429}, Handler: s.handleAccountExport},
		{Method: "GET", Pattern: "/api/v1/account/deletion", Access: User, Perm: domain.PermAccountDelete, Summary: "Se a exclusão da conta foi pedida, e quando será feita", Response: app.AccountDeletion{}, Handler: s.handleAccountDeletionGet},
		{Method: "POST", Pattern: "/api/v1/account/deletion", Access: User, Perm: domain.PermAccountDelete, Summary: "Pede a exclusão da conta e de todos os dados, feita em 7 dias (entrar de novo cancela); as outras sessões terminam", Request: app.AccountDeletionInput{}, Response: app.AccountDeletion{}, Status: 201, Errors: []int{429}, Handler: s.handleAccountDeletionRequest},
		{Method: "DELETE", Pattern: "/api/v1/account/deletion", Access: User, Perm: domain.PermAccountDelete, Summary: "Desiste da exclusão da conta", Status: 204, Errors: []int{422}, Handler: s.handleAccountDeletionCancel},
		{Method: "GET", Pattern: "/api/v1/store", Access: User, Perm: domain.PermStoreRead, Summary: "Lê a loja", Response: domain.Store{}, Handler: s.handleStoreGet},
		{Method: "POST", Pattern: "/api/v1/push/subscriptions", Access: User, Perm: domain.PermAccount, Summary: "Recebe neste aparelho as notificações dos agendamentos, remarcações e cancelamentos feitos pelos clientes", Request: app.PushSubscriptionInput{}, Response: app.PushState{}, Handler: s.handlePushSubscribe},
		{Method: "POST", Pattern: "/api/v1/push/subscriptions/stop", Access: User, Perm: domain.PermAccount, Summary: "Deixa de receber notificações neste aparelho", Request: app.PushEndpointInput{}, Response: app.PushState{}, Handler: s.handlePushUnsubscribe},
		{Method: "GET", Pattern: "/api/v1/waitlist", Access: User, Perm: domain.PermAgenda, Summary: "A lista de espera de hoje em diante, com o link e a mensagem de WhatsApp de cada oferta", Response: app.WaitlistView{}, Handler: s.handleWaitlist},
		{Method: "DELETE", Pattern: "/api/v1/waitlist/{id}", Access: User, Perm: domain.PermAgenda, Summary: "Tira um cliente da lista de espera (o horário oferecido a ele vai para o próximo)", Status: 204, Errors: []int{422}, Handler: s.handleWaitlistRemove},
		{Method: "GET", Pattern: "/api/v1/calendar-feeds", Access: User, Perm: domain.PermAgenda, Summary: "Os links privados de agenda (Google Agenda, iPhone) de quem está conectado", Response: app.CalendarFeeds{}, Handler: s.handleCalendarFeeds},
		{Method: "POST", Pattern: "/api/v1/calendar-feeds", Access: User, Perm: domain.PermAgenda, Summary: "Cria um link privado para acompanhar uma agenda num app de calendário (o profissional, a sua; quem vê a loja toda, qualquer uma ou a loja toda)", Request: app.CalendarFeedInput{}, Response: app.CalendarFeedView{}, Status: 201, Handler: s.handleCalendarFeedCreate},
		{Method: "DELETE", Pattern: "/api/v1/calendar-feeds/{id}", Access: User, Perm: domain.PermAgenda, Summary: "Revoga um link de agenda: o app de calendário não lê mais nada por ele", Status: 204, Handler: s.handleCalendarFeedDelete},
		{Method: "GET", Pattern: "/api/v1/public/calendars/{token}", Access: Public, Summary: "A agenda de um link privado, em iCalendar (RFC 5545), como o membro que o criou pode vê-la agora", Produces: "text/calendar", Handler: s.handleCalendarICS},
		{Method: "GET", Pattern: "/api/v1/store/reminders", Access: User, Perm: domain.PermStoreRead, Summary: "Os lembretes automáticos da loja", Response: domain.ReminderSettings{}, Handler: s.handleRemindersGet},
		{Method: "PUT", Pattern: "/api/v1/store/reminders", Access: User, Perm: domain.PermStoreEdit, Summary: "Salva os lembretes automáticos da loja; os horários já marcados seguem as novas escolhas", Request: domain.ReminderSettings{}, Response: domain.ReminderSettings{}, Handler: s.handleRemindersSave},
		{Method: "PUT", Pattern: "/api/v1/store", Access: User, Perm: domain.PermStoreEdit, Summary: "Salva o perfil da loja", Request: app.StoreInput{}, Response: domain.Store{}, Handler: s.handleStoreUpdate},
		{Method: "GET", Pattern: "/api/v1/team", Access: User, Perm: domain.PermTeam, Summary: "A equipe: o dono, os membros e os convites dos últimos 30 dias", Response: app.Team{}, Handler: s.handleTeam},
		{Method: "PUT", Pattern: "/api/v1/team/owner", Access: User, Perm: domain.PermOwnAgenda, Summary: "Liga o login do dono a um profissional do salão (Minha agenda), ou desliga com null; só o dono", Request: app.OwnAgendaInput{}, Response: domain.Seat{}, Handler: s.handleOwnAgenda},
		{Method: "PUT", Pattern: "/api/v1/team/settings", Access: User, Perm: domain.PermTeam, Summary: "Muda as escolhas da equipe: se os profissionais veem o telefone dos clientes", Request: domain.TeamSettings{}, Response: domain.TeamSettings{}, Handler: s.handleTeamSettings},
		{Method: "POST", Pattern: "/api/v1/team/invitations", Access: User, Perm: domain.PermTeam, Summary: "Convida uma pessoa para a equipe: o link (72 horas, um uso) volta uma vez, pronto para o WhatsApp, e vai por email se informado", Request: app.InviteInput{}, Response: app.Invited{}, Status: 201, Handler: s.handleInvite},
		{Method: "DELETE", Pattern: "/api/v1/team/invitations/{id}", Access: User, Perm: domain.PermTeam, Summary: "Cancela um convite ainda não aceito", Status: 204, Handler: s.handleInvitationRevoke},
		{Method: "PUT", Pattern: "/api/v1/team/members/{id}", Access: User, Perm: domain.PermTeam, Summary: "Muda a função de um membro; as sessões dele neste salão terminam", Request: app.MemberInput{}, Status: 204, Errors: []int{409}, Handler: s.handleMemberChange},
		{Method: "DELETE", Pattern: "/api/v1/team/members/{id}", Access: User, Perm: domain.PermTeam, Summary: "Remove um membro da equipe; as sessões dele neste salão terminam na hora", Status: 204, Handler: s.handleMemberRemove},
		{Method: "POST", Pattern: "/api/v1/invitations/preview", Access: Public, Summary: "O convite de um link: o salão, a função e quem convidou", Request: tokenRequest{}, Response: app.InvitationPreview{}, Handler: s.handleInvitationPreview},
		{Method: "POST", Pattern: "/api/v1/invitations/accept", Access: User, Perm: domain.PermAccount, Summary: "Aceita um convite com a conta da sessão e passa a agir no salão que convidou", Request: tokenRequest{}, Response: sessionResponse{}, Errors: []int{409}, Handler: s.handleInvitationAccept},
		{Method: "GET", Pattern: "/api/v1/stores", Access: User, Perm: domain.PermAccount, Summary: "Os salões em que a pessoa pode agir (o seletor de salão)", Response: []domain.Membership{}, Handler: s.handleStores},
		{Method: "POST", Pattern: "/api/v1/team/leave", Access: User, Perm: domain.PermAccount, Summary: "Sai da equipe do salão em que a sessão age: as sessões nele terminam e uma nova, no salão próprio da pessoa, substitui a atual", Response: sessionResponse{}, Handler: s.handleTeamLeave},
		{Method: "POST", Pattern: "/api/v1/stores/switch", Access: User, Perm: domain.PermAccount, Summary: "Passa a agir em outro salão da pessoa: uma nova sessão substitui a atual", Request: storeRequest{}, Response: sessionResponse{}, Handler: s.handleStoreSwitch},
		{Method: "GET", Pattern: "/api/v1/onboarding", Access: User, Perm: domain.PermDashboard, Summary: "Progresso dos primeiros passos", Response: app.Onboarding{}, Handler: s.handleOnboarding},

		{Method: "GET", Pattern: "/api/v1/professionals", Access: User, Perm: domain.PermCatalogRead, Summary: "Lista os profissionais", Response: []domain.Professional{}, Handler: s.handleProfessionalList},
		{Method: "POST", Pattern: "/api/v1/professionals", Access: User, Perm: domain.PermCatalogEdit, Summary: "Cadastra um profissional", Request: domain.ProfessionalInput{}, Response: domain.Professional{}, Status: 201, Handler: s.handleProfessionalSave},
		{Method: "PUT", Pattern: "/api/v1/professionals/{id}", Access: User, Perm: domain.PermCatalogEdit, Summary: "Altera um profissional", Request: domain.ProfessionalInput{}, Response: domain.Professional{}, Handler: s.handleProfessionalSave},
		{Method: "GET", Pattern: "/api/v1/professionals/{id}/impact", Access: User, Perm: domain.PermCatalogEdit, Summary: "O que a exclusão de um profissional leva junto", Response: app.ProfessionalImpact{}, Handler: s.handleProfessionalImpact},
		{Method: "DELETE", Pattern: "/api/v1/professionals/{id}", Access: User, Perm: domain.PermCatalogEdit, Summary: "Exclui um profissional, seus agendamentos e bloqueios", Status: 204, Handler: s.handleProfessionalDelete},

		{Method: "GET", Pattern: "/api/v1/services", Access: User, Perm: domain.PermCatalogRead, Summary: "Lista os serviços", Response: []domain.Service{}, Handler: s.handleServiceList},
		{Method: "POST", Pattern: "/api/v1/services", Access: User, Perm: domain.PermCatalogEdit, Summary: "Cadastra um serviço", Request: domain.ServiceInput{}, Response: domain.Service{}, Status: 201, Handler: s.handleServiceSave},
		{Method: "PUT", Pattern: "/api/v1/services/{id}", Access: User, Perm: domain.PermCatalogEdit, Summary: "Altera um serviço", Request: domain.ServiceInput{}, Response: domain.Service{}, Handler: s.handleServiceSave},
		{Method: "GET", Pattern: "/api/v1/services/{id}/impact", Access: User, Perm: domain.PermCatalogEdit, Summary: "O que a exclusão de um serviço leva junto", Response: app.ServiceImpact{}, Handler: s.handleServiceImpact},
		{Method: "DELETE", Pattern: "/api/v1/services/{id}", Access: User, Perm: domain.PermCatalogEdit, Summary: "Exclui um serviço e seus agendamentos", Status: 204, Handler: s.handleServiceDelete},

		{Method: "GET", Pattern: "/api/v1/blocked-times", Access: User, Perm: domain.PermAgenda, Summary: "Lista bloqueios de horário", Query: domain.BlockedTimeFilter{}, Response: []domain.BlockedTime{}, Handler: s.handleBlockedTimeList},
		{Method: "POST", Pattern: "/api/v1/blocked-times", Access: User, Perm: domain.PermAgenda, Summary: "Cria um bloqueio de horário", Request: domain.BlockedTimeInput{}, Response: domain.BlockedTime{}, Status: 201, Handler: s.handleBlockedTimeSave},
		{Method: "PUT", Pattern: "/api/v1/blocked-times/{id}", Access: User, Perm: domain.PermAgenda, Summary: "Altera um bloqueio de horário", Request: domain.BlockedTimeInput{}, Response: domain.BlockedTime{}, Handler: s.handleBlockedTimeSave},
		{Method: "DELETE", Pattern: "/api/v1/blocked-times/{id}", Access: User, Perm: domain.PermAgenda, Summary: "Exclui um bloqueio de horário", Status: 204, Handler: s.handleBlockedTimeDelete},

		{Method: "POST", Pattern: "/api/v1/files", Access: User, Perm: domain.PermFiles, Summary: "Envia uma imagem (JPEG, PNG ou WebP, até 5 MB)", Multipart: uploadRequest{}, Errors: []int{429}, Response: uploadResponse{}, Status: 201, Handler: s.handleFileUpload},
		{Method: "GET", Pattern: "/files/{id}", Access: Public, Summary: "Uma imagem enviada", Produces: "image/*", Handler: s.handleFile},
		{Method: "GET", Pattern: "/files/{id}/thumb", Access: Public, Summary: "A miniatura de uma imagem enviada", Produces: "image/*", Handler: s.handleFile},

		{Method: "GET", Pattern: "/api/v1/appointments", Access: User, Perm: domain.PermAgenda, Summary: "Lista agendamentos por período", Query: domain.AppointmentFilter{}, Response: app.AppointmentPage{}, SessionInRead: true, Handler: s.handleAppointmentList},
		{Method: "POST", Pattern: "/api/v1/appointments", Access: User, Perm: domain.PermAgenda, Summary: "Cria um agendamento (force confirma um horário ocupado)", Request: domain.AppointmentInput{}, Response: domain.Appointment{}, Status: 201, Errors: []int{402, 409}, Handler: s.handleAppointmentSave},
		{Method: "GET", Pattern: "/api/v1/appointments/{id}", Access: User, Perm: domain.PermAgenda, Summary: "Lê um agendamento", Response: domain.Appointment{}, SessionInRead: true, Handler: s.handleAppointmentGet},
		{Method: "PUT", Pattern: "/api/v1/appointments/{id}", Access: User, Perm: domain.PermAgenda, Summary: "Altera um agendamento", Request: domain.AppointmentInput{}, Response: domain.Appointment{}, Errors: []int{409}, Handler: s.handleAppointmentSave},
		{Method: "PATCH", Pattern: "/api/v1/appointments/{id}/status", Access: User, Perm: domain.PermAgenda, Summary: "Muda o status de um agendamento", Request: app.StatusInput{}, Response: domain.Appointment{}, Errors: []int{409}, Handler: s.handleAppointmentStatus},
		{Method: "GET", Pattern: "/api/v1/appointments/{id}/messages", Access: User, Perm: domain.PermAgenda, Summary: "Os lembretes e avisos automáticos da visita, e o e-mail do cliente para lembretes", Response: app.AppointmentMessages{}, Handler: s.handleAppointmentMessages},
		{Method: "POST", Pattern: "/api/v1/appointments/{id}/reminder", Access: User, Perm: domain.PermAgenda, Summary: "Registra que o lembrete foi enviado", Response: domain.Appointment{}, Handler: s.handleAppointmentReminder},
		{Method: "DELETE", Pattern: "/api/v1/appointments/{id}", Access: User, Perm: domain.PermAgenda, Summary: "Move um agendamento para a lixeira", Response: domain.DeletedAppointment{}, Handler: s.handleAppointmentDelete},
		{Method: "POST", Pattern: "/api/v1/appointments/series/preview", Access: User, Perm: domain.PermAgenda, Summary: "Mostra as datas de uma série recorrente e quais estão ocupadas", Request: app.SeriesInput{}, Response: app.SeriesPreview{}, Handler: s.handleSeriesPreview},
		{Method: "POST", Pattern: "/api/v1/appointments/series", Access: User, Perm: domain.PermAgenda, Summary: "Agenda uma série recorrente, toda ou nada", Request: app.SeriesInput{}, Response: app.Series{}, Status: 201, Errors: []int{402, 409}, Handler: s.handleSeriesCreate},
		{Method: "PUT", Pattern: "/api/v1/appointments/{id}/following", Access: User, Perm: domain.PermAgenda, Summary: "Altera este agendamento e os próximos da série", Request: domain.AppointmentInput{}, Response: app.SeriesChange{}, Errors: []int{409}, Handler: s.handleFollowingUpdate},
		{Method: "PUT", Pattern: "/api/v1/appointments/{id}/visit", Access: User, Perm: domain.PermAgenda, Summary: "Remarca todos os serviços da visita juntos", Request: app.VisitMove{}, Response: app.VisitChange{}, Errors: []int{409}, Handler: s.handleVisitMove},
		{Method: "POST", Pattern: "/api/v1/appointments/{id}/visit/cancel", Access: User, Perm: domain.PermAgenda, Summary: "Cancela todos os serviços da visita", Response: app.VisitChange{}, Handler: s.handleVisitCancel},
		{Method: "POST", Pattern: "/api/v1/appointments/{id}/following/cancel", Access: User, Perm: domain.PermAgenda, Summary: "Cancela este agendamento e os próximos da série", Response: app.SeriesChange{}, Handler: s.handleFollowingCancel},
		{Method: "DELETE", Pattern: "/api/v1/appointments/{id}/following", Access: User, Perm: domain.PermAgenda, Summary: "Move este agendamento e os próximos da série para a lixeira", Response: app.SeriesChange{}, Handler: s.handleFollowingDelete},
		{Method: "GET", Pattern: "/api/v1/trash", Access: User, Perm: domain.PermAgenda, Summary: "Lista a lixeira (mais recentes primeiro; itens com mais de 30 dias são apagados)", Query: pageQuery{}, Response: app.TrashPage{}, Handler: s.handleTrashList},
		{Method: "POST", Pattern: "/api/v1/trash/{id}/restore", Access: User, Perm: domain.PermAgenda, Summary: "Restaura um agendamento da lixeira (force confirma um horário ocupado)", Request: app.RestoreInput{}, OptionalBody: true, Errors: []int{402, 409}, Response: domain.Appointment{}, Status: 201, Handler: s.handleTrashRestore},
		{Method: "DELETE", Pattern: "/api/v1/trash/{id}", Access: User, Perm: domain.PermAgenda, Summary: "Exclui da lixeira para sempre", Status: 204, Handler: s.handleTrashDelete},
		{Method: "GET", Pattern: "/api/v1/availability", Access: User, Perm: domain.PermAgenda, Summary: "Horários livres de um profissional para um serviço", Query: availabilityQuery{}, Response: []schedule.Day{}, Handler: s.handleAvailability},
		{Method: "GET", Pattern: "/api/v1/clients", Access: User, Perm: domain.PermClients, Summary: "Lista clientes", Query: domain.ClientFilter{}, Response: app.ClientPage{}, Handler: s.handleClientList},
		{Method: "POST", Pattern: "/api/v1/clients", Access: User, Perm: domain.PermClientsAdd, Summary: "Cadastra um cliente com a ficha (outro telefone, e-mail, aniversário, observações, etiquetas); o telefone sem DDD leva o DDD da loja", Request: app.ClientInput{}, Response: app.ClientDetail{}, Status: 201, Errors: []int{403, 422}, Handler: s.handleClientCreate},
		{Method: "DELETE", Pattern: "/api/v1/clients/{phone}", Access: User, Perm: domain.PermClients, Summary: "Apaga um cliente sem agendamentos (cadastrado ou importado); quem tem agendamentos é anonimizado", Status: 204, Errors: []int{422}, Handler: s.handleClientDelete},
		{Method: "POST", Pattern: "/api/v1/client-imports/preview", Access: User, Perm: domain.PermClientsAdd, Summary: "Lê um arquivo de clientes (CSV, XLSX ou vCard) e mostra o que a importação faria: colunas, novos, já cadastrados, repetidos e linhas com erro; nada é gravado", Multipart: importUpload{}, Response: app.ImportPreview{}, Errors: []int{403, 413, 415, 422, 429}, Handler: s.handleImportPreview},
		{Method: "POST", Pattern: "/api/v1/client-imports", Access: User, Perm: domain.PermClientsAdd, Summary: "Importa os clientes novos de um arquivo, todos numa transação; pode ser desfeita por 7 dias", Multipart: importUpload{}, Response: app.ImportResult{}, Status: 201, Errors: []int{403, 413, 415, 422, 429}, Handler: s.handleImportClients},
		{Method: "GET", Pattern: "/api/v1/client-imports", Access: User, Perm: domain.PermClientsAdd, Summary: "As últimas importações de clientes, com até quando podem ser desfeitas", Response: app.ClientImports{}, Errors: []int{403}, Handler: s.handleImportList},
		{Method: "POST", Pattern: "/api/v1/client-imports/{id}/undo", Access: User, Perm: domain.PermClientsAdd, Summary: "Desfaz uma importação (até 7 dias depois): apaga os clientes que ela trouxe, menos os que já agendaram ou foram editados", Response: app.ImportUndone{}, Errors: []int{403, 422}, Handler: s.handleImportUndo},
		{Method: "GET", Pattern: "/api/v1/clients/{phone}", Access: User, Perm: domain.PermClients, Summary: "Um cliente com o histórico", Response: app.ClientDetail{}, Handler: s.handleClientGet},
		{Method: "PUT", Pattern: "/api/v1/clients/{phone}", Access: User, Perm: domain.PermClients, Summary: "Altera nome e telefone em todos os agendamentos do cliente, e a ficha dele (o campo da ficha omitido fica como está)", Request: app.ClientUpdate{}, Response: app.Client{}, Handler: s.handleClientUpdate},
		{Method: "GET", Pattern: "/api/v1/clients/{phone}/export", Access: User, Perm: domain.PermClientsPrivacy, Summary: "Tudo o que o salão guarda de um cliente (LGPD): agendamentos, lixeira e prêmios, em JSON", Response: app.ClientExport{}, Handler: s.handleClientExport},
		{Method: "GET", Pattern: "/api/v1/clients/{phone}/export.csv", Access: User, Perm: domain.PermClientsPrivacy, Summary: "Tudo o que o salão guarda de um cliente (LGPD), em CSV para planilhas brasileiras", Produces: "text/csv", Handler: s.handleClientExportCSV},
		{Method: "POST", Pattern: "/api/v1/clients/{phone}/anonymize", Access: User, Perm: domain.PermClientsPrivacy, Summary: "Anonimiza um cliente (LGPD): nome 'Cliente removido', telefone trocado por um id anônimo, observações, prêmios e contatos apagados; datas, valores e status ficam", Response: app.ClientAnonymized{}, Errors: []int{422}, Handler: s.handleClientAnonymize},
		{Method: "POST", Pattern: "/api/v1/clients/{phone}/whatsapp", Access: User, Perm: domain.PermClients, Summary: "O endereço wa.me de uma conversa com o cliente, com a mensagem: como o profissional que vê o telefone mascarado abre o WhatsApp", Request: app.ChatInput{}, Response: app.Chat{}, Handler: s.handleClientChat},
		{Method: "GET", Pattern: "/api/v1/clients/{phone}/consent", Access: User, Perm: domain.PermClients, Summary: "O consentimento do cliente para receber novidades pelo WhatsApp, com o histórico (quando, onde, qual texto)", Response: app.ClientConsent{}, Handler: s.handleClientConsent},
		{Method: "POST", Pattern: "/api/v1/clients/{phone}/consent", Access: User, Perm: domain.PermClients, Summary: "Registra o consentimento dado ou retirado (SAIR) pessoalmente ou pelo WhatsApp", Request: domain.ConsentInput{}, Response: app.ClientConsent{}, Status: 201, Handler: s.handleClientConsentRecord},
		{Method: "GET", Pattern: "/api/v1/clients/{phone}/rewards", Access: User, Perm: domain.PermClients, Summary: "Prêmios ganhos, cartões de fidelidade e prêmios usados de um cliente", Response: app.ClientRewards{}, Handler: s.handleClientRewards},

		{Method: "GET", Pattern: "/api/v1/promotions", Access: User, Perm: domain.PermPromotions, Summary: "Lista as promoções (mais recentes primeiro), com quantos clientes ganharam e quantos estão a uma visita", Response: []app.PromotionSummary{}, Handler: s.handlePromotionList},
		{Method: "POST", Pattern: "/api/v1/promotions", Access: User, Perm: domain.PermPromotions, Summary: "Cria uma promoção", Request: domain.PromotionInput{}, Response: domain.Promotion{}, Status: 201, Handler: s.handlePromotionSave},
		{Method: "PUT", Pattern: "/api/v1/promotions/{id}", Access: User, Perm: domain.PermPromotions, Summary: "Altera uma promoção", Request: domain.PromotionInput{}, Response: domain.Promotion{}, Handler: s.handlePromotionSave},
		{Method: "DELETE", Pattern: "/api/v1/promotions/{id}", Access: User, Perm: domain.PermPromotions, Summary: "Exclui uma promoção e os prêmios registrados nela", Status: 204, Handler: s.handlePromotionDelete},
		{Method: "GET", Pattern: "/api/v1/promotions/{id}/clients", Access: User, Perm: domain.PermPromotions, Summary: "Os cartões dos clientes de uma promoção (quem ganhou primeiro, por visitas)", Query: periodQuery{}, Response: app.PromotionCards{}, Handler: s.handlePromotionClients},
		{Method: "POST", Pattern: "/api/v1/promotions/{id}/redemptions", Access: User, Perm: domain.PermRewardsRedeem, Summary: "Marca o prêmio de um cliente como usado (o cartão recomeça)", Request: domain.RedemptionInput{}, Response: domain.Redemption{}, Status: 201, Errors: []int{409}, Handler: s.handleRedeem},
		{Method: "DELETE", Pattern: "/api/v1/redemptions/{id}", Access: User, Perm: domain.PermRewardsRedeem, Summary: "Desfaz um prêmio marcado como usado", Status: 204, Handler: s.handleUnredeem},
		{Method: "GET", Pattern: "/api/v1/gamification", Access: User, Perm: domain.PermPromotions, Summary: "Os níveis de fidelidade e o que o cliente vê no link do agendamento", Response: domain.Gamification{}, Handler: s.handleGamificationGet},
		{Method: "PUT", Pattern: "/api/v1/gamification", Access: User, Perm: domain.PermPromotions, Summary: "Salva os níveis de fidelidade e o que o cliente vê", Request: domain.Gamification{}, Response: domain.Gamification{}, Handler: s.handleGamificationSave},

		{Method: "GET", Pattern: "/api/v1/whatsapp/lists", Access: User, Perm: domain.PermClients, Summary: "Clientes para chamar no WhatsApp (sem visita há 30/45/60 dias, com prêmio, de um nível), com a mensagem pronta; os contatados há menos de 7 dias ficam de fora", Query: app.WhatsAppListQuery{}, Response: app.WhatsAppList{}, Handler: s.handleWhatsAppList},
		{Method: "POST", Pattern: "/api/v1/whatsapp/contacted", Access: User, Perm: domain.PermClients, Summary: "Registra que o cliente foi chamado (some das listas por 7 dias)", Request: app.ContactedInput{}, Status: 204, Handler: s.handleWhatsAppContacted},

		{Method: "GET", Pattern: "/api/v1/reports", Access: User, Perm: domain.PermReports, Summary: "Relatório de um período (no fuso da loja), com o período anterior de mesma duração e os detalhes", Query: domain.ReportFilter{}, Response: app.Report{}, Handler: s.handleReport},
		{Method: "GET", Pattern: "/api/v1/reports/export", Access: User, Perm: domain.PermReports, Summary: "Exporta agendamentos, comissões ou clientes do período em CSV para planilhas brasileiras (;, UTF-8 com BOM, 1234,56, dd/MM/aaaa)", Query: app.ReportExportQuery{}, Produces: "text/csv", Handler: s.handleReportExport},

		{Method: "GET", Pattern: "/api/v1/integrity", Access: User, Perm: domain.PermStoreEdit, Summary: "Verifica a integridade dos próprios dados: campos obrigatórios, referências e resumos", Response: domain.IntegrityReport{}, Handler: s.handleIntegrity},
		{Method: "GET", Pattern: "/api/v1/dashboard", Access: User, Perm: domain.PermDashboard, Summary: "Dados da página inicial", Response: app.Dashboard{}, Handler: s.handleDashboard},
		{Method: "GET", Pattern: "/api/v1/events", Access: User, Perm: domain.PermDashboard, Summary: "Eventos em tempo real (Server-Sent Events)", Produces: "text/event-stream", Response: realtime.Event{}, Errors: []int{429}, Handler: s.handleEvents},

		{Method: "GET", Pattern: "/api/v1/public/stores/{slug}", Access: Public, Summary: "A página pública de uma loja", Response: app.PublicStore{}, Handler: s.handlePublicStore},
		{Method: "GET", Pattern: "/api/v1/public/stores/{slug}/availability", Access: Public, Summary: "Horários livres para clientes", Query: publicAvailabilityQuery{}, Response: daysResponse{}, Handler: s.handlePublicAvailability},
		{Method: "POST", Pattern: "/api/v1/public/stores/{slug}/bookings", Access: Public, Summary: "Agendamento online de um cliente", Request: app.PublicBookingInput{}, Response: app.Booking{}, Status: 201, Errors: []int{402, 409, 429}, Handler: s.handlePublicBook},
		{Method: "POST", Pattern: "/api/v1/public/stores/{slug}/waitlist", Access: Public, Summary: "Entra na lista de espera de um dia (serviço e, se quiser, profissional): quando um horário abrir, o primeiro da fila recebe um link que o reserva por 30 minutos", Request: app.WaitlistInput{}, Response: app.WaitlistJoined{}, Status: 201, Errors: []int{429}, Handler: s.handleWaitlistJoin},
		{Method: "GET", Pattern: "/api/v1/public/waitlist/{token}", Access: Public, Summary: "O horário que um link da lista de espera oferece, e até quando", Response: app.WaitlistOffer{}, Handler: s.handleWaitlistOffer},
		{Method: "POST", Pattern: "/api/v1/public/waitlist/{token}/claim", Access: Public, Summary: "Agenda o horário oferecido pela lista de espera (uma vez, dentro dos 30 minutos)", Response: app.Booking{}, Status: 201, Errors: []int{402, 409, 429}, Handler: s.handleWaitlistClaim},
		{Method: "GET", Pattern: "/api/v1/public/bookings/{token}", Access: Public, Summary: "O agendamento de um link de gerenciamento", Response: app.Booking{}, Handler: s.handleBookingGet},
		{Method: "PUT", Pattern: "/api/v1/public/bookings/{token}", Access: Public, Summary: "Remarca pelo link de gerenciamento", Request: app.MoveInput{}, Response: app.Booking{}, Errors: []int{409, 429}, Handler: s.handleBookingMove},
		{Method: "POST", Pattern: "/api/v1/public/bookings/{token}/cancel", Access: Public, Summary: "Cancela pelo link de gerenciamento", Response: app.Booking{}, Errors: []int{409, 429}, Handler: s.handleBookingCancel},
		{Method: "PUT", Pattern: "/api/v1/public/bookings/{token}/consent", Access: Public, Summary: "O cliente aceita ou deixa de receber novidades da loja pelo WhatsApp, pelo link de gerenciamento", Request: app.ConsentChoice{}, Response: app.Booking{}, Errors: []int{429}, Handler: s.handleBookingConsent},
		{Method: "GET", Pattern: "/api/v1/public/bookings/{token}/availability", Access: Public, Summary: "Horários para remarcar", Query: rescheduleQuery{}, Response: daysResponse{}, Handler: s.handleBookingAvailability},
		{Method: "GET", Pattern: "/api/v1/public/bookings/{token}/calendar.ics", Access: Public, Summary: "O agendamento em iCalendar", Produces: "text/calendar", Handler: s.handleBookingCalendar},
		{Method: "GET", Pattern: "/api/v1/public/push-key", Access: Public, Summary: "A chave pública VAPID com que os navegadores se inscrevem para notificações", Response: app.PushKey{}, Handler: s.handlePushKey},
		{Method: "POST", Pattern: "/api/v1/public/bookings/{token}/push", Access: Public, Summary: "O cliente recebe os lembretes como notificação neste celular (consentimento registrado)", Request: app.PushSubscriptionInput{}, Response: app.PushState{}, Errors: []int{429}, Handler: s.handleBookingPush},
		{Method: "POST", Pattern: "/api/v1/public/bookings/{token}/push/stop", Access: Public, Summary: "O cliente deixa de receber notificações neste celular", Request: app.PushEndpointInput{}, Response: app.PushState{}, Errors: []int{429}, Handler: s.handleBookingPushStop},
		{Method: "GET", Pattern: "/api/v1/public/reminders/{token}", Access: Public, Summary: "O agendamento do link de um lembrete", Response: app.ReminderLink{}, Handler: s.handleReminderGet},
		{Method: "POST", Pattern: "/api/v1/public/reminders/{token}/confirm", Access: Public, Summary: "O cliente confirma a presença pelo link do lembrete (uma vez)", Response: app.ReminderLink{}, Errors: []int{429}, Handler: s.handleReminderConfirm},
		{Method: "POST", Pattern: "/api/v1/public/reminders/{token}/stop", Access: Public, Summary: "O cliente deixa de receber lembretes por e-mail (também o clique único de List-Unsubscribe)", Response: app.ReminderLink{}, Errors: []int{429}, Handler: s.handleReminderStop},
		{Method: "GET", Pattern: "/api/v1/public/professionals/{id}", Access: Public, Summary: "A página pública de um profissional", Response: app.PublicProfessionalPage{}, Handler: s.handlePublicProfessional},
		{Method: "POST", Pattern: "/api/v1/analytics/pageview", Access: Public, Summary: "Registra a visita a uma página pública (sem cookies, sem IP)", Request: app.PageViewInput{}, Status: 204, Errors: []int{429}, Handler: s.handlePageView},

		{Method: "GET", Pattern: "/api/v1/plan", Access: User, Perm: domain.PermDashboard, Summary: "Lê o plano", Response: domain.UserPlan{}, Handler: s.handlePlanGet},
		{Method: "GET", Pattern: "/api/v1/plan/overview", Access: User, Perm: domain.PermPlan, Summary: "A página Planos: plano, uso, os dois planos e os links de pagamento", Response: app.PlanOverview{}, Handler: s.handlePlanOverview},
		{Method: "GET", Pattern: "/api/v1/plan/turned-away", Access: User, Perm: domain.PermDashboard, Summary: "Quantos clientes não conseguiram agendar pela página da loja neste mês (limite do plano gratuito)", Response: app.TurnedAway{}, Handler: s.handleTurnedAway},
		{Method: "POST", Pattern: "/api/v1/plan/continue-free", Access: User, Perm: domain.PermPlan, Summary: "Continua no plano gratuito depois do fim de uma assinatura (limpa o motivo; o tipo não muda)", Response: domain.UserPlan{}, Errors: []int{409}, Handler: s.handleContinueFree},
		{Method: "POST", Pattern: domain.BillingWebhookPath, Access: Public, Summary: "Eventos do Stripe (assinados com Stripe-Signature)", Request: stripeEventDoc{}, Response: receivedResponse{}, Errors: []int{400, 413}, Handler: s.handleBillingWebhook},

		{Method: "GET", Pattern: "/api/v1/admin/plan-config", Access: Admin, Summary: "Configuração dos planos", Response: domain.PlanConfig{}, Handler: s.handlePlanConfigGet},
		{Method: "POST", Pattern: "/api/v1/admin/plan-config/preview", Access: Admin, Summary: "Avisos de uma mudança na configuração dos planos, antes de salvar", Request: domain.PlanConfig{}, Response: app.ConfigWarnings{}, Handler: s.handlePlanConfigPreview},
		{Method: "PUT", Pattern: "/api/v1/admin/plan-config", Access: Admin, Summary: "Salva a configuração dos planos", Request: domain.PlanConfig{}, Response: domain.PlanConfig{}, Handler: s.handlePlanConfigSave},
		{Method: "GET", Pattern: "/api/v1/admin/webhook-config", Access: Admin, Summary: "Configuração dos webhooks de pagamento, com o endereço a registrar no Stripe", Response: domain.WebhookSettings{}, Handler: s.handleWebhookConfigGet},
		{Method: "POST", Pattern: "/api/v1/admin/webhook-config/preview", Access: Admin, Summary: "Avisos de uma mudança na configuração dos webhooks, antes de salvar", Request: domain.WebhookConfig{}, Response: app.ConfigWarnings{}, Handler: s.handleWebhookConfigPreview},
		{Method: "PUT", Pattern: "/api/v1/admin/webhook-config", Access: Admin, Summary: "Salva a configuração dos webhooks", Request: domain.WebhookConfig{}, Response: domain.WebhookSettings{}, Handler: s.handleWebhookConfigSave},
		{Method: "GET", Pattern: "/api/v1/admin/webhook-deliveries", Access: Admin, Summary: "Entregas de webhook recebidas (mais recentes primeiro; emails mascarados)", Query: domain.WebhookDeliveryFilter{}, Response: app.DeliveryPage{}, Handler: s.handleWebhookDeliveries},
		{Method: "GET", Pattern: "/api/v1/admin/audit", Access: Admin, Summary: "As ações de administradores e mudanças de plano, das mais recentes às mais antigas (até 100 por página; a seguinte com cursor = o id da última), com as bloqueadas (success false, 'Operação negada: …'); o histórico guarda todas", Query: domain.AuditFilter{}, Response: []domain.AuditEntry{}, Handler: s.handleAudit},
		{Method: "POST", Pattern: "/api/v1/admin/integrity", Access: Admin, Summary: "Verifica a integridade dos dados de todas as contas (auditado); lista as contas com problemas, sem nomes nem telefones de clientes", Response: app.PlatformIntegrity{}, Handler: s.handlePlatformIntegrity},
		{Method: "GET", Pattern: "/api/v1/admin/help-settings", Access: Admin, Summary: "Configuração do diálogo de ajuda, para Configurar Ajuda", Response: domain.HelpSettings{}, Handler: s.handleHelpSettings},
		{Method: "PUT", Pattern: "/api/v1/admin/help-settings", Access: Admin, Summary: "Salva o site e o WhatsApp do diálogo de ajuda (site https, WhatsApp com DDD); vale na hora para todos", Request: domain.HelpSettings{}, Response: domain.HelpSettings{}, Handler: s.handleHelpSettingsSave},
		{Method: "GET", Pattern: "/api/v1/admin/accounts", Access: Admin, Summary: "As contas (mais novas primeiro): dono, loja, plano, agendamentos no total e nos últimos 30 dias, último acesso; nunca os clientes dos salões", Query: domain.AccountFilter{}, Response: app.AccountPage{}, Handler: s.handleAccounts},
		{Method: "GET", Pattern: "/api/v1/admin/accounts/{id}", Access: Admin, Summary: "Uma conta, com o uso do limite gratuito e o histórico do plano", Response: app.AccountDetail{}, Handler: s.handleAccount},
		{Method: "POST", Pattern: "/api/v1/admin/accounts/{id}/password-reset", Access: Admin, Summary: "Envia à conta o email de redefinição de senha (com motivo, auditado)", Request: app.AccountActionInput{}, Response: app.AccountDetail{}, Handler: accountAction(s, (*app.App).SendAccountPasswordReset)},
		{Method: "POST", Pattern: "/api/v1/admin/accounts/{id}/lock", Access: Admin, Summary: "Bloqueia a conta e encerra as sessões dela (com motivo, auditado; nunca a própria)", Request: app.AccountActionInput{}, Response: app.AccountDetail{}, Handler: accountAction(s, (*app.App).LockAccount)},
		{Method: "POST", Pattern: "/api/v1/admin/accounts/{id}/unlock", Access: Admin, Summary: "Desbloqueia a conta (com motivo, auditado)", Request: app.AccountActionInput{}, Response: app.AccountDetail{}, Handler: accountAction(s, (*app.App).UnlockAccount)},
		{Method: "POST", Pattern: "/api/v1/admin/accounts/{id}/premium", Access: Admin, Summary: "Concede o Premium à mão até uma data (com motivo, auditado, registrado no histórico do plano)", Request: app.GrantPremiumInput{}, Response: app.AccountDetail{}, Handler: accountAction(s, (*app.App).GrantPremium)},
		{Method: "GET", Pattern: "/api/v1/settings/help", Access: User, Perm: domain.PermAccount, Summary: "Configuração do diálogo de ajuda", Response: domain.HelpSettings{}, Handler: s.handleHelpSettings},
	}
}

// guard wraps a route's handler with the authentication its Access needs
// and the check of its path wildcards (input.go).
func (s *Server) guard(rt Route) http.Handler {
	names := wildcards(rt.Pattern)
	for _, n := range names {
		if pathParams[n].valid == nil {
			panic("httpapi: no rule for the path wildcard {" + n + "} of " + rt.Pattern)
		}
	}
	h := rt.Handler
	if len(names) > 0 {
		inner := h
		h = func(w http.ResponseWriter, r *http.Request) {
			if !checkPathParams(names, r) {
				s.writeError(w, r, domain.ErrNotFound)
				return
			}
			inner(w, r)
		}
	}
	switch rt.Access {
	case User, Admin:
		admin, name := rt.Access == Admin, rt.Method+" "+rt.Pattern
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			tok := bearer(r)
			if tok == "" {
				s.writeError(w, r, domain.ErrUnauthorized)
				return
			}
			var p app.Principal
			var err error
			if rt.SessionInRead && !admin {
				p, err = s.app.AuthenticateToken(tok)
			} else {
				p, err = s.app.Authenticate(r.Context(), tok)
			}
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			if admin {
				err = s.app.RequireAdmin(r.Context(), p, name)
			} else {
				err = s.app.Authorize(r.Context(), p, rt.Perm, name)
			}
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			h(w, r.WithContext(contextWithPrincipal(r.Context(), p)))
		})
	}
	return h
}
