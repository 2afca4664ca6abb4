package clientfile_test

import (
	"slices"
	"strings"
	"testing"

	"agendo/internal/clientfile"
)

func TestGuess(t *testing.T) {
	const (
		N  = clientfile.None
		Nm = clientfile.Name
		Fi = clientfile.FirstName
		La = clientfile.LastName
		P1 = clientfile.Phone
		P2 = clientfile.Phone2
		Em = clientfile.Email
		Bd = clientfile.Birthday
		No = clientfile.Notes
		Tg = clientfile.Tags
	)
	tests := []struct {
		name   string
		header string // comma-separated
		want   []clientfile.Field
	}{
		{
			name: "google contacts",
			header: "First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name," +
				"Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department," +
				"Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value," +
				"Phone 2 - Label,Phone 2 - Value,Address 1 - Formatted",
			want: []clientfile.Field{Fi, N, La, N, N, N, N, N, N, N, N, N, N, Bd, No, N, Tg, N, Em, N, P1, N, P2, N},
		},
		{
			name:   "google contacts, old format: Name beats Given/Family Name",
			header: "Name,Given Name,Additional Name,Family Name,Birthday,Notes,Group Membership,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value",
			want:   []clientfile.Field{Nm, N, N, N, Bd, No, Tg, N, Em, N, P1},
		},
		{
			name:   "trinks",
			header: "Nome,Celular,Telefone,E-mail,Data de Nascimento,Observações",
			want:   []clientfile.Field{Nm, P1, P2, Em, Bd, No},
		},
		{
			name:   "case and accents ignored",
			header: "NOME COMPLETO,Fone,e-mail,ANIVERSÁRIO,Observacao,Etiquetas",
			want:   []clientfile.Field{Nm, P1, Em, Bd, No, Tg},
		},
		{
			name:   "punctuation ignored",
			header: "Nome do cliente:,Tel.,Dt. Nascimento,Data nasc.,Obs.",
			want:   []clientfile.Field{Nm, P1, Bd, N, No},
		},
		{
			name:   "phone words beyond the synonyms",
			header: "Nome,Celular / WhatsApp,Número de telefone (recado),Phone 3 - Value",
			want:   []clientfile.Field{Nm, P1, P2, N},
		},
		{
			name:   "landline first",
			header: "Telefone fixo,Celular,Telefone",
			want:   []clientfile.Field{P2, P1, N},
		},
		{
			name:   "first wins",
			header: "Nome,Cliente,Email,E-mail,Notas,Obs",
			want:   []clientfile.Field{Nm, N, Em, N, No, N},
		},
		{
			name:   "Nome and Sobrenome: Nome is the first name",
			header: "Nome,Sobrenome,Celular",
			want:   []clientfile.Field{Fi, La, P1},
		},
		{
			name:   "full name beside a surname keeps the full name",
			header: "Nome completo,Sobrenome",
			want:   []clientfile.Field{Nm, N},
		},
		{
			name:   "english",
			header: "Full Name,Mobile Phone,Home Phone,E-mail Address,Birth Date,Comments,Tags",
			want:   []clientfile.Field{Nm, P1, P2, Em, Bd, No, Tg},
		},
		{
			name:   "unknown and empty",
			header: "Código,,CPF,Endereço,Coluna 5",
			want:   []clientfile.Field{N, N, N, N, N},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			header := strings.Split(tt.header, ",")
			got := clientfile.Guess(header)
			if !slices.Equal(got, tt.want) {
				for i := range header {
					if i < len(got) && i < len(tt.want) && got[i] != tt.want[i] {
						t.Errorf("%q: got %q, want %q", header[i], got[i], tt.want[i])
					}
				}
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestGuessTrinksSemicolonHeader(t *testing.T) {
	got := mustRead(t, "trinks.csv", []byte("Nome;Celular;Telefone;E-mail;Data de Nascimento;Observações\nAna;119;;;;\n"))
	want := []clientfile.Field{clientfile.Name, clientfile.Phone, clientfile.Phone2, clientfile.Email, clientfile.Birthday, clientfile.Notes}
	if g := clientfile.Guess(got.Header); !slices.Equal(g, want) {
		t.Errorf("got %q, want %q", g, want)
	}
}

func TestGuessNeverRepeatsAField(t *testing.T) {
	header := strings.Split("Nome,Nome,Celular,Celular,Celular,Telefone 2,E-mail,Email,Tags,Labels,First Name,Given Name", ",")
	seen := map[clientfile.Field]bool{}
	for _, f := range clientfile.Guess(header) {
		if f != clientfile.None && seen[f] {
			t.Fatalf("got %q twice", f)
		}
		seen[f] = true
	}
}
