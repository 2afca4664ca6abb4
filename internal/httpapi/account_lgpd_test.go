package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"agendo/internal/store/storetest"
)

// The owner's export is a zip holding each kind of their data as JSON and
// as CSV for Brazilian spreadsheets, and the images they uploaded.
func TestAnOwnersExportHoldsAllTheirData(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana "+canary, "a@example.com")
		fx := seedOwner(t, a)
		b := e.client().signUp("Bruno", "b@example.com")
		seedCatalogue(t, b)
		r := a.do("GET", "/api/v1/account/export", nil).must(t, 200)
		if ct := r.Header.Get("Content-Type"); ct != "application/zip" {
			t.Fatalf("Content-Type: got %q", ct)
		}
		if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, "agendo-meus-dados-") {
			t.Errorf("Content-Disposition: %q", cd)
		}
		z, err := zip.NewReader(bytes.NewReader(r.Body), int64(len(r.Body)))
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]string{}
		for _, f := range z.File {
			rc, _ := f.Open()
			b, _ := io.ReadAll(rc)
			rc.Close()
			files[f.Name] = string(b)
		}
		want := map[string]string{
			"perfil.json": "Ana " + canary, "loja.json": "Salão " + canary, "servicos.json": "Corte " + canary,
			"profissionais.json": "Ana " + canary, "agendamentos.json": "Cliente " + canary, "lixeira.json": "Lixo " + canary,
			"bloqueios.json": "Folga " + canary, "promocoes.json": "Promo " + canary, "premios-usados.json": "Escova " + canary,
			"clientes.json": "+5511988887777", "arquivos.json": fx["files"], "lista-de-espera.json": "Espera " + canary,
			"lista-de-espera.csv": "Espera " + canary,
			"servicos.csv":        "\ufeffId;Nome;Descrição;Duração (min);Valor (R$);",
			"agendamentos.csv":    ";Cliente " + canary + ";(11) 98888-7777;",
			"clientes.csv":        ";Agendamentos;Concluídos;Valor gasto (R$);",
			"perfil.csv":          "a@example.com", "loja.csv": "Salão " + canary, "lixeira.csv": "Lixo " + canary,
			"bloqueios.csv": "Folga " + canary, "promocoes.csv": "Promo " + canary, "premios-usados.csv": "Escova " + canary,
			"arquivos.csv": fx["files"],
		}
		for name, text := range want {
			if !strings.Contains(files[name], text) {
				t.Errorf("%s lacks %q: %.300s", name, text, files[name])
			}
		}
		if !strings.Contains(files["servicos.csv"], ";45;45,90;") {
			t.Errorf("servicos.csv: money and minutes: %s", files["servicos.csv"])
		}
		if !strings.Contains(files["agendamentos.csv"], "10/12/2026;15:00;") {
			t.Errorf("agendamentos.csv: dates: %s", files["agendamentos.csv"])
		}
		if img := files["arquivos/"+fx["files"]+".png"]; !strings.HasPrefix(img, "\x89PNG") {
			t.Errorf("the image: %d bytes", len(img))
		}
		for name, text := range files {
			if strings.Contains(text, "Bruno") || strings.Contains(text, "b@example.com") {
				t.Errorf("%s holds B's data", name)
			}
		}
	})
}

// Deleting an account waits 7 days; signing in meanwhile cancels it; after
// the window, no row of the account is left in any table of the database.
func TestADeletedAccountLeavesNoRowAfterItsWindow(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		e.clock.Set(mondayMorning)
		a := e.client().signUp("Ana "+canary, "a@example.com")
		fx := seedOwner(t, a)
		other := e.client()
		other.signIn("a@example.com", testPassword).must(t, 200)
		e.client().do("POST", "/api/v1/public/stores/"+fx["stores"]+"/bookings", map[string]any{"serviceId": fx["services"],
			"professionalId": "any", "date": "2026-11-26", "time": "10:00", "clientName": "Cliente Online", "clientPhone": "(11) 95555-4444"}).must(t, 201)
		e.client().do("POST", "/api/v1/analytics/pageview", map[string]any{"path": "/store/" + fx["stores"], "referrer": ""}).must(t, 204)
		a.do("POST", "/api/v1/whatsapp/contacted", map[string]string{"phone": "(11) 98888-7777"}).must(t, 204)
		b := e.client().signUp("Bruno", "b@example.com")
		seedCatalogue(t, b)
		aID, bID := a.userID(), b.userID()

		// Bad input changes nothing.
		for _, tc := range []struct {
			body any
			msg  string
		}{
			{map[string]string{}, "Digite sua senha para confirmar a exclusão"},
			{map[string]string{"password": "nao-e-esta"}, "Senha incorreta"},
		} {
			if r := a.do("POST", "/api/v1/account/deletion", tc.body); r.Status != 422 || r.ErrMessage() != tc.msg {
				t.Errorf("%v: got %d %s", tc.body, r.Status, r.Body)
			}
		}
		if d := a.do("GET", "/api/v1/account/deletion", nil).must(t, 200).JSON; d["pending"] != false {
			t.Fatalf("a refused request left %v", d)
		}

		d := a.do("POST", "/api/v1/account/deletion", map[string]string{"password": testPassword}).must(t, 201).JSON
		if d["pending"] != true || d["deleteAfter"] != "2026-11-30T12:00:00Z" {
			t.Fatalf("deletion: %v", d)
		}
		if r := other.do("GET", "/api/v1/profile", nil); r.Status != 401 {
			t.Errorf("the other session lives on: %d", r.Status)
		}
		second := a.do("POST", "/api/v1/account/deletion", map[string]string{"password": testPassword})
		if second.Status != 422 || second.ErrMessage() != "A exclusão desta conta já foi pedida e será feita em 30/11/2026 09:00. Para desistir, é só entrar de novo na sua conta." {
			t.Errorf("a second request: %d %s", second.Status, second.Body)
		}

		// Signing in during the window cancels it, and says so.
		e.clock.Advance(3 * 24 * time.Hour)
		back := e.client()
		r := back.signIn("a@example.com", testPassword).must(t, 200)
		if r.JSON["notice"] != "A exclusão da sua conta foi cancelada porque você entrou de novo. Seus dados continuam aqui." {
			t.Errorf("sign-in notice: %s", r.Body)
		}
		if d := back.do("GET", "/api/v1/account/deletion", nil).must(t, 200).JSON; d["pending"] != false {
			t.Errorf("still pending after signing in: %v", d)
		}
		if r := back.signIn("a@example.com", testPassword).must(t, 200); r.JSON["notice"] != nil {
			t.Errorf("a plain sign-in has a notice: %s", r.Body)
		}
		if r := back.do("DELETE", "/api/v1/account/deletion", nil); r.Status != 422 || r.ErrMessage() != "Nenhuma exclusão desta conta foi pedida" {
			t.Errorf("cancel with none: %d %s", r.Status, r.Body)
		}

		// Asked again; the hourly job waits out the window, then deletes.
		back.do("POST", "/api/v1/account/deletion", map[string]string{"password": testPassword}).must(t, 201)
		e.clock.Advance(7*24*time.Hour - time.Minute)
		if err := e.app.PurgeExpired(context.Background()); err != nil {
			t.Fatal(err)
		}
		if found := traces(t, e, aID); !strings.Contains(found, "users") {
			t.Fatalf("deleted before the window ended: %q", found)
		}
		e.clock.Advance(2 * time.Minute)
		if err := e.app.PurgeExpired(context.Background()); err != nil {
			t.Fatal(err)
		}
		if left := traces(t, e, aID, "a@example.com", canary, "Cliente Online", "98888-7777", fx["files"], fx["stores"]); left != "" {
			t.Errorf("left of the account: %s", left)
		}
		for table, rows := range storetest.Rows(t, e.db) {
			for _, row := range rows {
				if strings.Contains(row, aID) {
					t.Errorf("%s: %s", table, row)
				}
			}
		}
		if found := traces(t, e, bID, "Loja de b@example.com"); !strings.Contains(found, "users") || !strings.Contains(found, "stores") {
			t.Errorf("B's account was touched: %q", found)
		}
		if r := e.client().do("GET", "/files/"+fx["files"], nil); r.Status != 404 {
			t.Errorf("A's image: got %d", r.Status)
		}
		if r := e.client().do("GET", "/api/v1/public/stores/"+fx["stores"], nil); r.Status != 404 {
			t.Errorf("A's store page: got %d", r.Status)
		}
		if r := e.client().signIn("a@example.com", testPassword); r.Status != 400 {
			t.Errorf("signing in to a deleted account: got %d", r.Status)
		}
	})
}

// Sign-up takes the current version of the terms and privacy policy, ticked
// by the person, and keeps which version and when; without it, no account.
func TestSignUpAcceptsTheCurrentTerms(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		for _, terms := range []any{nil, "", "2020-01-v0", true} {
			body := map[string]any{"name": "Lia", "email": "lia@example.com", "password": testPassword}
			if terms != nil {
				body["acceptedTerms"] = terms
			}
			r := e.client().do("POST", "/api/v1/auth/signup", body)
			if r.Status != 422 || (terms != true && r.ErrMessage() != "Para criar a conta, aceite os termos de uso e a política de privacidade") {
				t.Errorf("terms %v: got %d %s", terms, r.Status, r.Body)
			}
		}
		if r := e.client().signIn("lia@example.com", testPassword); r.Status != 400 {
			t.Errorf("an account was made without the terms: %d", r.Status)
		}
		c := e.client().signUp("Lia", "lia@example.com")
		rows := storetest.Rows(t, e.db)["terms_acceptances"]
		if len(rows) != 1 || !strings.HasPrefix(rows[0], c.userID()+" | 2026-11-v1 | 2026-") {
			t.Errorf("terms_acceptances: %v", rows)
		}
	})
}
