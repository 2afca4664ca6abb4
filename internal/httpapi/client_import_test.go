package httpapi_test

import (
	"bytes"
	"testing"
)

// TestClientsAreImportedThroughTheAPI: the preview and the import take the
// file as multipart (with the columns chosen), the list shows the import
// and its undo; a file over 10 MB is a 413, a JSON body a 415.
func TestClientsAreImportedThroughTheAPI(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Dona Lúcia", "lucia@example.com")
		a.do("PUT", "/api/v1/store", validStore("Salão Lúcia")).must(t, 200)
		file := []byte("Nome;Celular;Observa\xe7\xf5es\r\nJo\xe3o Concei\xe7\xe3o;11 91234-5678;Cabelo crespo\r\nSem Telefone;;\r\n")
		pv := a.importFile("/api/v1/client-imports/preview", "antigo.csv", file, "").must(t, 200).JSON
		if pv["new"] != 1.0 || pv["invalid"] != 1.0 || pv["header"].([]any)[2] != "Observações" {
			t.Fatalf("preview: %v", pv)
		}
		pv = a.importFile("/api/v1/client-imports/preview", "antigo.csv", file, `["name","phone",""]`).must(t, 200).JSON
		if row := pv["rows"].([]any)[0].(map[string]any); row["name"] != "João Conceição" || row["notes"] != "" {
			t.Fatalf("mapped preview: %v", row)
		}
		res := a.importFile("/api/v1/client-imports", "antigo.csv", file, "").must(t, 201).JSON
		if res["added"] != 1.0 || res["canUndo"] != true {
			t.Fatalf("import: %v", res)
		}
		expectListed(t, a, "/api/v1/clients", "João Conceição")
		list := a.do("GET", "/api/v1/client-imports", nil).must(t, 200).JSON["items"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["fileName"] != "antigo.csv" {
			t.Fatalf("imports: %v", list)
		}
		undone := a.do("POST", "/api/v1/client-imports/"+res["id"].(string)+"/undo", nil).must(t, 200).JSON
		if undone["removed"] != 1.0 {
			t.Fatalf("undo: %v", undone)
		}
		a.do("POST", "/api/v1/client-imports/"+res["id"].(string)+"/undo", nil).must(t, 422)

		big := bytes.Repeat([]byte("Nome;Celular\r\n"), 11<<20/14)
		if r := a.importFile("/api/v1/client-imports/preview", "grande.csv", big, ""); r.Status != 413 ||
			r.ErrMessage() != "O arquivo tem mais de 10 MB. Divida a lista em arquivos menores e importe um de cada vez." {
			t.Fatalf("11 MB: %d %s", r.Status, r.Body)
		}
		a.do("POST", "/api/v1/client-imports", map[string]string{"file": "x"}).must(t, 415)
	})
}
