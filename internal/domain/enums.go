package domain

// Enums names the closed sets of values the API takes and gives; the
// OpenAPI document lists them where a field's `enum` tag names one.
var Enums = map[string][]string{
	"status":             Statuses,
	"event":              Events,
	"paymentMethod":      PaymentMethods,
	"storePaymentMethod": StorePaymentMethods,
	"clientSort":         ClientSorts,
	"weekday":            Weekdays,
	"bookingFlow":        BookingFlows,
	"source":             Sources,
	"planType":           PlanTypes,
	"statusReason":       StatusReasons,
	"uploadKind":         UploadKinds,
	"pixKeyType":         PixKeyTypes,
	"signOutScope":       SignOutScopes,
	"errorCode":          ErrorCodes,
	"levelIcon":          LevelIcons,
	"whatsappList":       WhatsAppLists,
	"importStatus":       ImportStatuses,
	"importKind":         ImportKinds,
	"waitlistStatus":     WaitlistStatuses,
	"calendarType":       CalendarTypes,
	"promotionType":      PromotionTypes,
	"webhookResult":      WebhookResults,
	"webhookEventKind":   WebhookEventKinds,
	"reportBucket":       ReportBuckets,
	"reportExport":       ReportExports,
	"consentSource":      ConsentSources,
	"role":               Roles,
	"memberRole":         MemberRoles,
	"invitationState":    InvitationStates,
	"messageKind":        MessageKinds,
	"messageChannel":     MessageChannels,
	"messageStatus":      MessageStatuses,
	"termsVersion":       {TermsVersion}, // the one a sign-up accepts: the web app's type follows
}
