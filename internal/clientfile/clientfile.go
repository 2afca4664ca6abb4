// Package clientfile reads the client list a salon owner exports from her old
// system (Trinks, Booksy, a spreadsheet, Google Contacts, her phone) into a
// table of text cells. Mapping columns to client fields and validating rows is
// the caller's job; this package never touches a database.
package clientfile

import (
	"bytes"
	"path"
	"strings"
)

// Kind names a file's format.
type Kind string

// The formats Read understands.
const (
	CSV   Kind = "csv"
	XLSX  Kind = "xlsx"
	VCard Kind = "vcard"
)

// Field is a client field a column can map to.
type Field string

// The client fields a column can map to.
const (
	None      Field = "" // the column is not imported
	Name      Field = "name"
	Phone     Field = "phone"
	Phone2    Field = "phone2" // a second phone (a landline, another cell)
	Email     Field = "email"
	Birthday  Field = "birthday"
	Notes     Field = "notes"
	Tags      Field = "tags"
	FirstName Field = "firstName" // joined with LastName into the name (Google Contacts)
	LastName  Field = "lastName"
)

// Table is a file read as text: its header (one name per column) and rows
// (each padded/trimmed to len(Header)). Lines is the 1-based line (CSV), row
// (XLSX) or card number (vCard) of each row, for messages like "Linha 7: ...".
type Table struct {
	Kind   Kind
	Header []string
	Rows   [][]string
	Lines  []int
}

// MaxBytes is the largest file read.
const MaxBytes = 10 << 20

// MaxRows is the most data rows read.
const MaxRows = 20_000

// Error is a file refused whole, with a message for the owner.
type Error struct{ Message string }

// Error returns the message for the owner.
func (e *Error) Error() string { return e.Message }

// Messages shown to the owner as is.
const (
	msgUnsupported = "Este arquivo não é uma planilha CSV ou XLSX nem um vCard (.vcf). Exporte os clientes do outro sistema em CSV e tente de novo."
	msgOldExcel    = "Planilhas do Excel antigo (.xls) não são lidas: abra no Excel ou no Google Planilhas e salve como .xlsx ou CSV."
	msgPassword    = "Esta planilha está protegida por senha. Abra no Excel, tire a senha e salve de novo como .xlsx ou CSV."
	msgTooBig      = "O arquivo tem mais de 10 MB. Divida a lista em arquivos menores e importe um de cada vez."
	msgTooManyRows = "O arquivo tem mais de 20.000 linhas. Divida a lista em arquivos menores e importe um de cada vez."
	msgEmpty       = "O arquivo está vazio: nenhum cliente para importar."
	msgBadLine     = "Não foi possível ler a linha %d do arquivo. Confira se ele é um CSV válido e tente de novo."
)

func refuse(msg string) error { return &Error{Message: msg} }

// Read reads data (a file named name, as uploaded) into a Table. Errors are
// *Error with a Portuguese message.
func Read(name string, data []byte) (Table, error) {
	if len(data) > MaxBytes {
		return Table{}, refuse(msgTooBig)
	}
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(name, `\`, "/")))

	switch {
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		if !isXLSX(data) {
			return Table{}, refuse(msgUnsupported)
		}
		return readXLSX(data)
	case bytes.HasPrefix(data, []byte("\xd0\xcf\x11\xe0")):
		// An OLE container: an old .xls, or an .xlsx encrypted with a password
		// (Excel stores those as OLE with an EncryptedPackage stream).
		if bytes.Contains(data, utf16le("EncryptedPackage")) {
			return Table{}, refuse(msgPassword)
		}
		return Table{}, refuse(msgOldExcel)
	case isBinary(data):
		return Table{}, refuse(msgUnsupported)
	}

	text, ok := decodeText(data)
	if !ok {
		return Table{}, refuse(msgUnsupported)
	}
	if strings.IndexFunc(text, func(r rune) bool { return r != ' ' && r != '\t' && r != '\n' && r != '\r' }) < 0 {
		return Table{}, refuse(msgEmpty)
	}
	if isMarkup(text) {
		// Several systems "export to Excel" as an HTML table named .xls.
		if ext == ".xls" {
			return Table{}, refuse(msgOldExcel)
		}
		return Table{}, refuse(msgUnsupported)
	}
	text = normaliseNewlines(text)
	if isVCard(text, ext) {
		return readVCard(text)
	}
	return readCSV(text)
}

// binarySignatures are formats an owner might upload by mistake whose bytes
// could otherwise pass for Windows-1252 text.
var binarySignatures = [][]byte{
	[]byte("%PDF-"),
	[]byte("\x89PNG"),
	[]byte("\xff\xd8\xff"), // JPEG
	[]byte("GIF87a"),
	[]byte("GIF89a"),
	[]byte("PK\x05\x06"), // empty ZIP
	[]byte("PK\x07\x08"), // spanned ZIP
	[]byte("\x1f\x8b"),   // gzip
	[]byte("Rar!"),
	[]byte("7z\xbc\xaf"),
	[]byte("{\\rtf"),
}

func isBinary(data []byte) bool {
	for _, sig := range binarySignatures {
		if bytes.HasPrefix(data, sig) {
			return true
		}
	}
	// RIFF (WebP, AVI) and ISO media (HEIC photos from iPhones, MP4).
	if bytes.HasPrefix(data, []byte("RIFF")) || (len(data) >= 12 && string(data[4:8]) == "ftyp") {
		return true
	}
	return false
}

// isMarkup reports whether text is HTML or XML rather than a table of values.
func isMarkup(text string) bool {
	head := strings.TrimSpace(text)
	if len(head) > 64 {
		head = head[:64]
	}
	head = strings.ToLower(head)
	for _, p := range []string{"<html", "<!doctype", "<?xml", "<table", "<head", "<body", "<meta", "<style"} {
		if strings.HasPrefix(head, p) {
			return true
		}
	}
	return false
}

func isVCard(text, ext string) bool {
	head := strings.TrimLeft(text, " \t\n")
	if len(head) >= 11 && strings.EqualFold(head[:11], "BEGIN:VCARD") {
		return true
	}
	// A .vcf with something before the first card (a blank "VERSION" line,
	// a stray comment) is still a vCard.
	if ext == ".vcf" || ext == ".vcard" {
		return strings.Contains(strings.ToUpper(text[:min(len(text), 4096)]), "BEGIN:VCARD")
	}
	return false
}

func utf16le(s string) []byte {
	b := make([]byte, 0, 2*len(s))
	for i := 0; i < len(s); i++ {
		b = append(b, s[i], 0)
	}
	return b
}
