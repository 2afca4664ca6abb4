package domain

// Enums names the closed sets of values the API takes and gives; the
// OpenAPI document lists them where a field's `enum` tag names one.
var Enums = map[string][]string{
	"status":             Statuses,
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
	"loyaltyLevel":       loyaltyLevelNames(),
	"calendarType":       CalendarTypes,
	"webhookResult":      WebhookResults,
	"webhookEventKind":   WebhookEventKinds,
}

// loyaltyLevelNames lists the tiers' names and "" (below Bronze).
func loyaltyLevelNames() []string {
	names := []string{""}
	for _, l := range LoyaltyLevels {
		names = append(names, l.Name)
	}
	return names
}
