package domain

import (
	"fmt"
	"strings"
)

// PixCharge is what a static Pix BR Code asks the payer's bank to pay.
type PixCharge struct {
	KeyType      string // cpf, cnpj, email, phone or random, as the store saved it
	Key          string // normalised as the store saved it
	ReceiverName string
	City         string
	AmountCents  int64  // 0: the payer types the amount
	TxID         string // reference shown in the receiver's statement; "***" when empty
}

// PixCode returns the "copia e cola" BR Code of c: the EMV QR Code
// merchant-presented payload of the Banco Central's Pix manual, ending in its
// CRC16 (CCITT-FALSE). Names and cities are written in plain ASCII and cut
// to the lengths the manual allows.
func PixCode(c PixCharge) string {
	key := c.Key
	if c.KeyType == "phone" && !strings.HasPrefix(key, "+") {
		key = "+55" + key
	}
	txid := pixText(c.TxID, alnum, 25)
	if txid == "" {
		txid = "***"
	}
	var b strings.Builder
	b.WriteString(emv("00", "01"))
	b.WriteString(emv("26", emv("00", "br.gov.bcb.pix")+emv("01", key)))
	b.WriteString(emv("52", "0000"))
	b.WriteString(emv("53", "986"))
	if c.AmountCents > 0 {
		b.WriteString(emv("54", fmt.Sprintf("%d.%02d", c.AmountCents/100, c.AmountCents%100)))
	}
	b.WriteString(emv("58", "BR"))
	b.WriteString(emv("59", pixText(c.ReceiverName, alnum+" .-", MaxPixReceiverLen)))
	b.WriteString(emv("60", pixText(c.City, alnum+" .-", MaxPixCityLen)))
	b.WriteString(emv("62", emv("05", txid)))
	b.WriteString("6304")
	return b.String() + fmt.Sprintf("%04X", crc16CCITT(b.String()))
}

const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// emv encodes one ID-length-value field.
func emv(id, value string) string { return fmt.Sprintf("%s%02d%s", id, len(value), value) }

// crc16CCITT is CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF.
func crc16CCITT(s string) uint16 {
	crc := uint16(0xFFFF)
	for i := 0; i < len(s); i++ {
		crc ^= uint16(s[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

// pixText drops accents, keeps only allowed characters and cuts s to max
// bytes: banks' apps reject anything else.
func pixText(s, allowed string, max int) string {
	s = FoldAccents(strings.TrimSpace(s))
	var b strings.Builder
	for _, r := range s {
		if b.Len() == max {
			break
		}
		if strings.ContainsRune(allowed, r) {
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}
