package httpapi_test

import (
	"strings"
	"testing"
)

var adminEnv = envOptions{adminEmails: []string{"admin@agendo.test"}}

// Configurar Ajuda: the admin's values reach every owner's help dialog at
// once; a website that is not https or a WhatsApp that is not a phone is
// refused with a Portuguese message, nothing changed, audited as failed.
func TestAdminHelpSettings(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		admin := e.client().signUp("Admin Agendo", "admin@agendo.test")
		owner := e.client().signUp("Paula Dona", "paula@example.com")
		if h := owner.do("GET", "/api/v1/settings/help", nil).must(t, 200).JSON; h["websiteUrl"] != "" || h["whatsappNumber"] != "" {
			t.Fatalf("default help settings: %v", h)
		}
		saved := admin.do("PUT", "/api/v1/admin/help-settings", map[string]string{
			"websiteUrl": " https://ajuda.agendo.com.br/faq ", "whatsappNumber": "(11) 91234-5678"}).must(t, 200).JSON
		if saved["websiteUrl"] != "https://ajuda.agendo.com.br/faq" || saved["whatsappNumber"] != "+5511912345678" {
			t.Fatalf("saved: %v", saved)
		}
		for _, c := range []*client{owner, admin} {
			h := c.do("GET", "/api/v1/settings/help", nil).must(t, 200).JSON
			if h["websiteUrl"] != "https://ajuda.agendo.com.br/faq" || h["whatsappNumber"] != "+5511912345678" {
				t.Errorf("help dialog reads %v", h)
			}
		}
		if h := admin.do("GET", "/api/v1/admin/help-settings", nil).must(t, 200).JSON; h["whatsappNumber"] != "+5511912345678" {
			t.Errorf("admin reads %v", h)
		}

		for _, c := range []struct {
			name        string
			body        map[string]string
			field, want string
		}{
			{"http website", map[string]string{"websiteUrl": "http://ajuda.agendo.com.br", "whatsappNumber": "11912345678"},
				"websiteUrl", "Use um endereço seguro, que comece com https://"},
			{"not an address", map[string]string{"websiteUrl": "ajuda agendo", "whatsappNumber": "11912345678"},
				"websiteUrl", "Informe um endereço completo, como https://ajuda.agendo.com.br"},
			{"script", map[string]string{"websiteUrl": "javascript:alert(1)", "whatsappNumber": ""},
				"websiteUrl", "Informe um endereço completo, como https://ajuda.agendo.com.br"},
			{"not a phone", map[string]string{"websiteUrl": "https://ajuda.agendo.com.br", "whatsappNumber": "1234"},
				"whatsappNumber", "Informe um WhatsApp com DDD, como (11) 91234-5678"},
			{"letters", map[string]string{"websiteUrl": "", "whatsappNumber": "fale conosco"},
				"whatsappNumber", "Informe um WhatsApp com DDD, como (11) 91234-5678"},
		} {
			r := admin.do("PUT", "/api/v1/admin/help-settings", c.body)
			fields, _ := r.JSON["error"].(map[string]any)["fields"].(map[string]any)
			if r.Status != 422 || fields[c.field] != c.want {
				t.Errorf("%s: got %d %s, want 422 %s %q", c.name, r.Status, r.Body, c.field, c.want)
			}
		}
		if h := owner.do("GET", "/api/v1/settings/help", nil).must(t, 200).JSON; h["websiteUrl"] != "https://ajuda.agendo.com.br/faq" || h["whatsappNumber"] != "+5511912345678" {
			t.Errorf("a refused save changed the help settings: %v", h)
		}
		audit := string(admin.do("GET", "/api/v1/admin/audit?data=help", nil).must(t, 200).Body)
		if !strings.Contains(audit, `"action":"Configuração de ajuda alterada","dataAffected":"help"`) || strings.Count(audit, `"success":false`) != 5 {
			t.Errorf("audit: %s", audit)
		}

		// Empty values hide a channel.
		admin.do("PUT", "/api/v1/admin/help-settings", map[string]string{"websiteUrl": "", "whatsappNumber": "+55 11 3333-4444"}).must(t, 200)
		if h := owner.do("GET", "/api/v1/settings/help", nil).must(t, 200).JSON; h["websiteUrl"] != "" || h["whatsappNumber"] != "+551133334444" {
			t.Errorf("after clearing the website: %v", h)
		}
	}, adminEnv)
}
