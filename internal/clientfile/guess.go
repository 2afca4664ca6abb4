package clientfile

import (
	"strings"
	"unicode"
)

// synonyms maps header names, folded by compact, to fields: what Trinks,
// Booksy, Google Contacts, Outlook and hand-made spreadsheets call them.
var synonyms = map[string]Field{}

func init() {
	for f, names := range map[Field][]string{
		Name: {"nome", "nome completo", "cliente", "nome do cliente", "nome da cliente", "nome cliente",
			"name", "full name", "display name", "client name", "customer name", "nome do contato"},
		FirstName: {"primeiro nome", "first name", "given name", "prenome"},
		LastName:  {"sobrenome", "last name", "family name", "ultimo nome"},
		Phone: {"telefone", "celular", "cel", "fone", "whatsapp", "telefone celular", "phone", "mobile",
			"mobile phone", "phone 1 - value", "telefone 1", "tel", "celular 1", "fone 1", "whats", "zap",
			"phone number", "telefone principal", "numero de telefone", "numero de celular",
			"primary phone", "cell phone", "celular whatsapp", "whatsapp celular"},
		Phone2: {"telefone 2", "telefone fixo", "fixo", "residencial", "phone 2 - value", "telefone comercial",
			"telefone residencial", "celular 2", "tel 2", "fone 2", "home phone", "business phone",
			"work phone", "outro telefone", "telefone alternativo", "telefone secundario"},
		Email: {"email", "e-mail", "e-mail 1 - value", "correio eletronico", "e-mail address",
			"endereco de e-mail", "endereco eletronico"},
		Birthday: {"aniversario", "data de nascimento", "nascimento", "data nasc", "dt nascimento",
			"birthday", "birth date", "dt nasc", "data nascimento", "data de aniversario",
			"data aniversario", "dt aniversario", "niver", "date of birth"},
		Notes: {"observacoes", "observacao", "obs", "notas", "nota", "anotacoes", "anotacao", "notes",
			"note", "comentarios", "comentario", "comments", "comment"},
		Tags: {"tags", "tag", "etiquetas", "etiqueta", "grupos", "grupo", "categorias", "categoria",
			"group membership", "labels", "categories"},
	} {
		for _, n := range names {
			synonyms[compact(n)] = f
		}
	}
}

// Word lists for phone and e-mail headers no synonym covers, such as
// "Celular / WhatsApp" or "Número de telefone (contato)". Every word must be
// known, so Google's "Phone 1 - Type" stays unmapped.
var (
	phoneWords  = wordSet("telefone tel fone celular cel whatsapp whats zap wpp phone mobile cell cellphone telephone")
	phone2Words = wordSet("2 fixo residencial comercial secundario alternativo outro recado home work business trabalho casa")
	fillerWords = wordSet("numero num n no nr de do da e ou principal contato 1 para value")
	emailWords  = wordSet("e mail email endereco eletronico de do da address 1 principal value")
	mailWords   = wordSet("mail email")
)

// Guess maps each header name to the Field it most likely holds (None when
// unknown); no Field other than None appears twice (first wins).
func Guess(header []string) []Field {
	out := make([]Field, len(header))
	taken := map[Field]int{}
	for i, h := range header {
		f := guessOne(h)
		if f == Phone {
			if _, ok := taken[Phone]; ok {
				f = Phone2 // "Celular; Telefone": the second phone column
			}
		}
		if _, ok := taken[f]; ok || f == None {
			continue
		}
		out[i] = f
		taken[f] = i
	}

	name, hasName := taken[Name]
	_, hasFirst := taken[FirstName]
	_, hasLast := taken[LastName]
	switch {
	case hasName && hasLast && !hasFirst && (compact(header[name]) == "nome" || compact(header[name]) == "name"):
		// "Nome; Sobrenome" (Outlook in Portuguese, many spreadsheets): here
		// "Nome" is the first name, and dropping the surname would lose it.
		out[name] = FirstName
	case hasName && (hasFirst || hasLast):
		// Google's old export has Name beside Given Name and Family Name.
		for _, f := range []Field{FirstName, LastName} {
			if i, ok := taken[f]; ok {
				out[i] = None
			}
		}
	}
	return out
}

func guessOne(h string) Field {
	if f, ok := synonyms[compact(h)]; ok {
		return f
	}
	ws := words(h)
	switch {
	case allIn(ws, phoneWords, phone2Words, fillerWords) && anyIn(ws, phoneWords):
		if anyIn(ws, phone2Words) {
			return Phone2
		}
		return Phone
	case allIn(ws, emailWords) && anyIn(ws, mailWords):
		return Email
	}
	return None
}

func allIn(ws []string, sets ...map[string]bool) bool {
	for _, w := range ws {
		found := false
		for _, set := range sets {
			found = found || set[w]
		}
		if !found {
			return false
		}
	}
	return len(ws) > 0
}

func anyIn(ws []string, set map[string]bool) bool {
	for _, w := range ws {
		if set[w] {
			return true
		}
	}
	return false
}

// compact folds a header name to lower-case ASCII letters and digits:
// "E-mail 1 - Value" → "email1value", "Observações" → "observacoes".
func compact(s string) string {
	return strings.Join(words(s), "")
}

// words splits a header name into lower-case words without accents.
func words(s string) []string {
	var out []string
	var w []byte
	for _, r := range s {
		r = foldAccent(unicode.ToLower(r))
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			w = append(w, byte(r))
			continue
		}
		if len(w) > 0 {
			out = append(out, string(w))
			w = w[:0]
		}
	}
	if len(w) > 0 {
		out = append(out, string(w))
	}
	return out
}

func foldAccent(r rune) rune {
	switch r {
	case 'á', 'à', 'â', 'ã', 'ä', 'å':
		return 'a'
	case 'é', 'è', 'ê', 'ë':
		return 'e'
	case 'í', 'ì', 'î', 'ï':
		return 'i'
	case 'ó', 'ò', 'ô', 'õ', 'ö':
		return 'o'
	case 'ú', 'ù', 'û', 'ü':
		return 'u'
	case 'ç':
		return 'c'
	case 'ñ':
		return 'n'
	}
	return r
}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}
