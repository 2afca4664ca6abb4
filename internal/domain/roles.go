package domain

import "slices"

// A store is run by a team (issue 26): its owner, exactly one, and the
// people the owner invites, each with a role. A role is a list of
// permissions; every route a signed-in person calls declares the one it
// needs (the route table), so what a role may do is read in one place, here,
// and shown to the owner as it is ('O que cada função pode fazer').

// The roles of a store's members.
const (
	RoleOwner        = "dono"
	RoleManager      = "gerente"
	RoleReception    = "recepcao"
	RoleProfessional = "profissional"
)

// Roles lists every role, the owner's first.
var Roles = []string{RoleOwner, RoleManager, RoleReception, RoleProfessional}

// RoleLabels are the roles' names on screen.
var RoleLabels = map[string]string{
	RoleOwner:        "Dono",
	RoleManager:      "Gerente",
	RoleReception:    "Recepção",
	RoleProfessional: "Profissional",
}

// The permissions a route may need.
const (
	PermAccount        = "account"         // one's own login: profile, password, help
	PermAccountDelete  = "account.delete"  // deleting the account and the salon's data
	PermExport         = "export"          // the whole store's data export (LGPD)
	PermStoreRead      = "store.read"      // the store's profile and its data check
	PermStoreEdit      = "store.edit"      // changing the store's profile
	PermTeam           = "team"            // inviting people, changing their roles, removing them
	PermCatalogRead    = "catalog.read"    // services and professionals
	PermCatalogEdit    = "catalog.edit"    // adding, changing and deleting them
	PermAgenda         = "agenda"          // appointments, the trash, free times, blocked times
	PermFiles          = "files"           // sending images
	PermClients        = "clients"         // clients (and correcting them), their consent and rewards, the WhatsApp lists
	PermClientsPrivacy = "clients.privacy" // a client's data export and anonymising (LGPD)
	PermClientsAdd     = "clients.add"     // adding clients by hand and importing them from a file
	PermRewardsRedeem  = "rewards.redeem"  // marking a reward used, and undoing it
	PermPromotions     = "promotions"      // promotions and loyalty levels
	PermReports        = "reports"         // reports and their spreadsheets
	PermDashboard      = "dashboard"       // the home page, the plan's use and live updates
	PermPlan           = "plan"            // the Planos page, subscribing and payments
	PermOwnAgenda      = "owner.agenda"    // the owner's login as one of the salon's professionals
)

// Permissions lists every permission, in the order the owner reads them.
var Permissions = []string{
	PermAgenda, PermClients, PermClientsAdd, PermRewardsRedeem, PermDashboard, PermCatalogRead, PermStoreRead, PermFiles,
	PermAccount, PermExport, PermReports, PermCatalogEdit, PermPromotions, PermClientsPrivacy,
	PermStoreEdit, PermTeam, PermOwnAgenda, PermPlan, PermAccountDelete,
}

// PermissionLabels say what each permission lets a member do.
var PermissionLabels = map[string]string{
	PermAgenda:         "Ver e marcar agendamentos, usar a lixeira e bloquear horários",
	PermClients:        "Ver e corrigir clientes, registrar o consentimento deles e usar as listas do WhatsApp",
	PermRewardsRedeem:  "Marcar um prêmio como usado",
	PermDashboard:      "Ver a página inicial, o uso do plano e as atualizações ao vivo",
	PermCatalogRead:    "Ver serviços e profissionais",
	PermStoreRead:      "Ver o perfil do salão e verificar seus dados",
	PermFiles:          "Enviar fotos",
	PermAccount:        "Alterar o próprio perfil e a senha",
	PermExport:         "Exportar todos os dados do salão (LGPD)",
	PermReports:        "Ver relatórios e comissões",
	PermCatalogEdit:    "Cadastrar, alterar e excluir serviços e profissionais",
	PermPromotions:     "Criar promoções e níveis de fidelidade",
	PermClientsPrivacy: "Exportar e anonimizar os dados de um cliente (LGPD)",
	PermClientsAdd:     "Cadastrar clientes e importá-los de outro sistema",
	PermStoreEdit:      "Alterar o perfil do salão",
	PermTeam:           "Convidar pessoas para a equipe, mudar a função delas e removê-las",
	PermOwnAgenda:      "Atender clientes como um dos profissionais do salão (Minha agenda)",
	PermPlan:           "Ver a página Planos, assinar e gerenciar os pagamentos",
	PermAccountDelete:  "Excluir a conta e todos os dados do salão",
}

// RolePermissions is what each role may do. A professional's agenda,
// clients, figures and home page are their own: those that name their
// professional record (OwnScope). The whole store's export is the owner's
// and the manager's: a member's own export comes with that scope.
var RolePermissions = map[string][]string{
	RoleOwner: Permissions,
	// Everything but the plan, billing, deleting the account and the
	// owner's own agenda (a manager's is set in 'Equipe').
	RoleManager: slices.DeleteFunc(slices.Clone(Permissions), func(p string) bool {
		return p == PermPlan || p == PermAccountDelete || p == PermOwnAgenda
	}),
	// Every agenda, clients, bookings and blocked times; no reports,
	// promotions settings, plan or store settings.
	RoleReception: {PermAgenda, PermClients, PermClientsAdd, PermRewardsRedeem, PermDashboard, PermCatalogRead, PermStoreRead, PermFiles,
		PermAccount},
	RoleProfessional: {PermAgenda, PermClients, PermDashboard, PermCatalogRead, PermStoreRead, PermFiles,
		PermAccount, PermReports},
}

// Can reports whether role has permission.
func Can(role, permission string) bool {
	return slices.Contains(RolePermissions[role], permission)
}

// OwnScope reports whether role sees only what names its own professional
// record.
func OwnScope(role string) bool { return role == RoleProfessional }
