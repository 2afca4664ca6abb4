package clientfile_test

import (
	"strings"
	"testing"

	"agendo/internal/clientfile"
)

var vcardHeader = []string{"Nome", "Telefone", "Telefone 2", "E-mail", "Aniversário", "Observações", "Tags"}

// An iPhone (3.0), a modern export (4.0), an old Android (2.1), a card with
// nothing to import, and a card with a photo.
var sampleVCF = crlf(`BEGIN:VCARD
VERSION:3.0
PRODID:-//Apple Inc.//iPhone OS 17.0//EN
N:Silva;Maria;;;
FN:Maria da Silva
TEL;type=HOME;type=VOICE:(11) 3333-4444
item1.TEL;type=CELL;type=VOICE;type=pref:+55 11 91234-5678
item1.X-ABLabel:_$!<Mobile>!$_
EMAIL;type=INTERNET;type=HOME:maria@example.com
NOTE:Prefere manhã\, sempre com a Ana.\nAlérgica a amônia
  e a acetona.
CATEGORIES:VIP,Coloração
END:VCARD
BEGIN:VCARD
VERSION:4.0
N:Souza;Ana;Clara;;
TEL;VALUE=uri;TYPE="voice,home":tel:+55-11-3333-5555
TEL;VALUE=uri;TYPE="cell,voice";PREF=1:tel:+5511988887777
BDAY:--0315
END:VCARD
BEGIN:VCARD
VERSION:3.0
EMAIL:sem.nome@example.com
END:VCARD
begin:vcard
version:2.1
N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Concei=C3=A7=C3=A3o;Jo=C3=A3o;;;
FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Jo=C3=A3o Concei=C3=A7=C3=A3o
TEL;CELL:011912345678
TEL;CELL;PREF:011912345678
TEL;HOME:1133334444
NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Linha um=0D=0ALinha=
 dois
BDAY:19850315
end:vcard
BEGIN:VCARD
VERSION:3.0
FN:Bia Foto
PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8U
` + strings.Repeat(" HRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgy\n", 2000) +
	`TEL:11977776666
END:VCARD
`)

func TestReadVCard(t *testing.T) {
	got := mustRead(t, "contatos.vcf", []byte(sampleVCF))
	if got.Kind != clientfile.VCard {
		t.Errorf("got kind %q, want %q", got.Kind, clientfile.VCard)
	}
	wantHeader(t, got, vcardHeader...)
	wantRows(t, got, [][]string{
		{"Maria da Silva", "+55 11 91234-5678", "(11) 3333-4444", "maria@example.com", "",
			"Prefere manhã, sempre com a Ana.\nAlérgica a amônia e a acetona.", "VIP,Coloração"},
		{"Ana Clara Souza", "+5511988887777", "+55-11-3333-5555", "", "15/03", "", ""},
		{"João Conceição", "011912345678", "1133334444", "", "15/03/1985", "Linha um\nLinha dois", ""},
		{"Bia Foto", "11977776666", "", "", "", "", ""},
	}, []int{1, 2, 4, 5})
}

func TestReadVCardBirthdays(t *testing.T) {
	tests := []struct {
		bday string
		want string
	}{
		{"BDAY:1985-03-15", "15/03/1985"},
		{"BDAY:19850315", "15/03/1985"},
		{"BDAY:--0315", "15/03"},
		{"BDAY:--03-15", "15/03"},
		{"BDAY:1985-03-15T00:00:00Z", "15/03/1985"},
		{"BDAY;VALUE=date:2001-12-01", "01/12/2001"},
		{"BDAY;X-APPLE-OMIT-YEAR=1604:1604-03-15", "15/03"},
		{"BDAY:--0229", "29/02"},
		{"BDAY:1985-02-30", "1985-02-30"},            // not a date: left for the caller to refuse
		{"BDAY;VALUE=text:circa 1980", "circa 1980"}, // idem
	}
	for _, tt := range tests {
		t.Run(tt.bday, func(t *testing.T) {
			vcf := "BEGIN:VCARD\nVERSION:4.0\nFN:Ana\n" + tt.bday + "\nEND:VCARD\n"
			got := mustRead(t, "ana.vcf", []byte(vcf))
			if b := got.Rows[0][4]; b != tt.want {
				t.Errorf("got %q, want %q", b, tt.want)
			}
		})
	}
}

func TestReadVCardOddities(t *testing.T) {
	tests := []struct {
		name string
		vcf  string
		want [][]string
	}{
		{
			name: "BOM, blank lines, escapes and a group",
			vcf: "\ufeff\n\nBEGIN:VCARD\nVERSION:3.0\nFN:Ana\\; a \\\\ prima\nitem2.EMAIL:ana@example.com\n" +
				"CATEGORIES:Clientes\\, antigas,VIP\nEND:VCARD\n",
			want: [][]string{{"Ana; a \\ prima", "", "", "ana@example.com", "", "", "Clientes, antigas,VIP"}},
		},
		{
			name: "2.1 photo unindented, ended by a blank line",
			vcf: "BEGIN:VCARD\nVERSION:2.1\nN:;Bia;;;\nPHOTO;ENCODING=BASE64;JPEG:/9j/4AAQSkZJRgABAQ\n" +
				"AAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8U\nHRofHh0aHBwgJC4nICIsIxwcKDcpLDAx\n\n" +
				"TEL;WORK;VOICE:1133334444\nEND:VCARD\n",
			want: [][]string{{"Bia", "1133334444", "", "", "", "", ""}},
		},
		{
			name: "latin-1 quoted-printable and a missing END",
			vcf: "BEGIN:VCARD\nVERSION:2.1\nFN;CHARSET=ISO-8859-1;QUOTED-PRINTABLE:Jos=E9 Concei=E7=E3o\n" +
				"TEL;PREF;CELL:+5511912345678\n",
			want: [][]string{{"José Conceição", "+5511912345678", "", "", "", "", ""}},
		},
		{
			name: "stray soft break before END",
			vcf:  "BEGIN:VCARD\nVERSION:2.1\nFN:Ana\nNOTE;ENCODING=QUOTED-PRINTABLE:oi=\nEND:VCARD\nBEGIN:VCARD\nFN:Bia\nEND:VCARD\n",
			want: [][]string{{"Ana", "", "", "", "", "oi=", ""}, {"Bia", "", "", "", "", "", ""}},
		},
		{
			name: "nested agent card ignored",
			vcf:  "BEGIN:VCARD\nVERSION:2.1\nFN:Ana\nAGENT:\nBEGIN:VCARD\nFN:Secretária\nEND:VCARD\nTEL:119\nEND:VCARD\n",
			want: [][]string{{"Ana", "119", "", "", "", "", ""}},
		},
		{
			name: "windows-1252 file",
			vcf:  "BEGIN:VCARD\nVERSION:2.1\nFN:Jo\xe3o\nNOTE:Caf\xe9 \x96 ch\xe1\nEND:VCARD\n",
			want: [][]string{{"João", "", "", "", "", "Café – chá", ""}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mustRead(t, "contatos.vcf", []byte(tt.vcf))
			wantRows(t, got, tt.want, nil)
		})
	}
}

func TestReadVCardUTF16(t *testing.T) {
	got := mustRead(t, "contatos.vcf", utf16Bytes(crlf("BEGIN:VCARD\nVERSION:3.0\nFN:Açucena\nTEL:119\nEND:VCARD\n"), false))
	wantRows(t, got, [][]string{{"Açucena", "119", "", "", "", "", ""}}, []int{1})
}
