package domain

import (
	"strings"
	"testing"
)

func TestCRC16CheckValue(t *testing.T) {
	// The catalogued check value of CRC-16/CCITT-FALSE.
	if got := crc16CCITT("123456789"); got != 0x29B1 {
		t.Fatalf("crc16(123456789) = %04X, want 29B1", got)
	}
}

func TestPixCodeMatchesKnownGoodCodes(t *testing.T) {
	cases := []struct {
		name string
		in   PixCharge
		want string
	}{
		{
			// The static example of the Banco Central's "Manual de Padrões para Iniciação do Pix".
			name: "manual example",
			in:   PixCharge{KeyType: "random", Key: "123e4567-e12b-12d1-a456-426655440000", ReceiverName: "Fulano de Tal", City: "BRASILIA"},
			want: "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
		},
	}
	for _, c := range cases {
		if got := PixCode(c.in); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

func TestPixCodeFields(t *testing.T) {
	code := PixCode(PixCharge{KeyType: "phone", Key: "11912345678", ReceiverName: "Salão da Conceição Beleza e Estética", City: "São João del-Rei", AmountCents: 4590, TxID: "ag-01/ab"})
	for _, part := range []string{
		"0014br.gov.bcb.pix0114+5511912345678", // a phone key carries +55
		"5405" + "45.90",                       // the amount, with a dot
		"5925Salao da Conceicao Beleza",        // accents dropped, cut to 25
		"6015Sao Joao del-Re",                  // cut to 15
		"62100506ag01ab",                       // the reference: letters and digits only
	} {
		if !strings.Contains(code, part) {
			t.Errorf("code %s lacks %q", code, part)
		}
	}
	body, crc := code[:len(code)-4], code[len(code)-4:]
	if !strings.HasSuffix(body, "6304") {
		t.Fatalf("code %s does not end in the CRC field", code)
	}
	if want := crcHex(body); crc != want {
		t.Fatalf("crc %s, want %s", crc, want)
	}
}

func crcHex(s string) string {
	const hex = "0123456789ABCDEF"
	c := crc16CCITT(s)
	return string([]byte{hex[c>>12], hex[c>>8&0xF], hex[c>>4&0xF], hex[c&0xF]})
}

func FuzzPixCode(f *testing.F) {
	f.Add("email", "a@b.com", "Ana", "Rio", int64(100), "x")
	f.Fuzz(func(t *testing.T, kind, key, name, city string, amount int64, txid string) {
		code := PixCode(PixCharge{KeyType: kind, Key: key, ReceiverName: name, City: city, AmountCents: amount, TxID: txid})
		if crcHex(code[:len(code)-4]) != code[len(code)-4:] {
			t.Fatal("bad crc")
		}
	})
}
