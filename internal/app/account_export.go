package app

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// The owner's own data (LGPD art. 18): a copy of all of it, as a zip of
// JSON and CSV files (csv.go writes the tables).

// errExportBusy refuses an account export while MaxConcurrentExports run.
var errExportBusy = &domain.Error{Code: domain.CodeRateLimited, RetryAfterSeconds: 10,
	Message: "Outra exportação está em andamento. Tente de novo em instantes."}

// ExportAccount writes everything of the caller's account as a zip to the
// writer open returns for the file's name: each kind as JSON and as CSV for
// Brazilian spreadsheets, the files' metadata and the images themselves.
// Rows go from the database to the writer one at a time, inside one
// snapshot, so the export's memory does not grow with the account's
// history. An error after open was called leaves the zip unfinished.
// Errors: rate_limited (MaxConcurrentExports already running).
func (a *App) ExportAccount(ctx context.Context, p Principal, open func(filename string) io.Writer) error {
	select {
	case a.exports <- struct{}{}:
	default:
		return errExportBusy
	}
	defer func() { <-a.exports }()
	return a.db.ReadSnapshot(ctx, func(tx *store.Tx) error {
		profile, err := tx.Profile(ctx, p.StoreID)
		if err != nil {
			return err
		}
		st, err := tx.StoreByUser(ctx, p.StoreID)
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		services, err := tx.Services(ctx, p.StoreID)
		if err != nil {
			return err
		}
		pros, err := tx.Professionals(ctx, p.StoreID)
		if err != nil {
			return err
		}
		promos, err := tx.Promotions(ctx, p.StoreID)
		if err != nil {
			return err
		}
		files, err := tx.Files(ctx, p.StoreID)
		if err != nil {
			return err
		}
		z := zip.NewWriter(open("agendo-meus-dados-" + a.Now().Format("2006-01-02") + ".zip"))
		// The kinds that grow with the history are read as they are
		// written, twice (the JSON, then the CSV); the catalogue's lists
		// are short (at most 500 of each).
		uid := p.StoreID
		parts := []func() error{
			func() error { return exportOne(z, "perfil", profile) },
			func() error { return exportOne(z, "loja", st) },
			func() error { return exportList(z, "servicos", "[]", eachOf(services)) },
			func() error { return exportList(z, "profissionais", "[]", eachOf(pros)) },
			// An account without appointments has always exported null here.
			func() error {
				return exportList(z, "agendamentos", "null", func(fn func(domain.Appointment) error) error {
					return tx.EachAppointment(ctx, uid, "0000-01-01", "9999-12-31", "", fn)
				})
			},
			func() error {
				return exportList(z, "lixeira", "[]", func(fn func(domain.DeletedAppointment) error) error {
					return tx.EachTrash(ctx, uid, fn)
				})
			},
			func() error {
				return exportList(z, "bloqueios", "[]", func(fn func(domain.BlockedTime) error) error {
					return tx.EachBlockedTime(ctx, uid, fn)
				})
			},
			func() error { return exportList(z, "promocoes", "[]", eachOf(promos)) },
			func() error {
				return exportList(z, "premios-usados", "[]", func(fn func(domain.Redemption) error) error {
					return tx.EachRedemption(ctx, uid, fn)
				})
			},
			func() error {
				return exportList(z, "clientes", "[]", func(fn func(ExportedClient) error) error {
					return tx.EachClient(ctx, uid, func(c store.ClientRow, rec domain.ClientRecord) error {
						return fn(ExportedClient{clientOf(c, nil), rec})
					})
				})
			},
			func() error {
				return exportList(z, "consentimentos", "[]", func(fn func(domain.Consent) error) error {
					return tx.EachConsent(ctx, uid, fn)
				})
			},
			func() error {
				// Who waited for a day (issue 29): names, phones and emails the salon holds.
				return exportList(z, "lista-de-espera", "[]", func(fn func(domain.WaitlistEntry) error) error {
					list, err := tx.Waitlist(ctx, uid, "")
					if err != nil {
						return err
					}
					return eachOf(list)(fn)
				})
			},
			func() error { return exportList(z, "arquivos", "[]", eachOf(files)) },
		}
		for _, part := range parts {
			if err := part(); err != nil {
				return err
			}
		}
		for _, f := range files {
			_, data, err := tx.FileContent(ctx, f.ID, false)
			if err != nil {
				return err
			}
			ext := strings.TrimPrefix(f.ContentType, "image/")
			w, err := z.Create("arquivos/" + f.ID + "." + ext)
			if err != nil {
				return err
			}
			if _, err := w.Write(data); err != nil {
				return err
			}
		}
		return z.Close()
	})
}

// eachOf goes over a list already in memory like the store's Each methods.
func eachOf[T any](list []T) func(func(T) error) error {
	return func(fn func(T) error) error {
		for _, v := range list {
			if err := fn(v); err != nil {
				return err
			}
		}
		return nil
	}
}

// exportOne writes one struct as name.json and name.csv (one row).
func exportOne(z *zip.Writer, name string, v any) error {
	w, err := z.Create(name + ".json")
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	if w, err = z.Create(name + ".csv"); err != nil {
		return err
	}
	t, err := newTable(w, reflect.TypeOf(v))
	if err != nil {
		return err
	}
	if err := t.row(reflect.ValueOf(v)); err != nil {
		return err
	}
	return t.close()
}

// exportList writes the rows each goes over as name.json, a JSON array
// written an element at a time (empty when there is none), and as
// name.csv, a row at a time; each is called once for each file.
func exportList[T any](z *zip.Writer, name, empty string, each func(func(T) error) error) error {
	w, err := z.Create(name + ".json")
	if err != nil {
		return err
	}
	arr := newJSONArray(w)
	if err := each(func(v T) error { return arr.add(v) }); err != nil {
		return err
	}
	if err := arr.close(empty); err != nil {
		return err
	}
	if w, err = z.Create(name + ".csv"); err != nil {
		return err
	}
	t, err := newTable(w, reflect.TypeFor[T]())
	if err != nil {
		return err
	}
	if err := each(func(v T) error { return t.row(reflect.ValueOf(v)) }); err != nil {
		return err
	}
	return t.close()
}

// jsonArray writes a JSON array an element at a time, byte for byte as
// json.Encoder with SetIndent("", "  ") writes the whole slice.
type jsonArray struct {
	w   io.Writer
	buf bytes.Buffer
	enc *json.Encoder
	n   int
}

func newJSONArray(w io.Writer) *jsonArray {
	a := &jsonArray{w: w}
	a.enc = json.NewEncoder(&a.buf)
	a.enc.SetIndent("  ", "  ") // an element's lines sit one level in
	return a
}

// add writes v as the array's next element.
func (a *jsonArray) add(v any) error {
	a.buf.Reset()
	if a.n == 0 {
		a.buf.WriteString("[\n  ")
	} else {
		a.buf.WriteString(",\n  ")
	}
	a.n++
	if err := a.enc.Encode(v); err != nil {
		return err
	}
	a.buf.Truncate(a.buf.Len() - 1) // Encode's newline
	_, err := a.w.Write(a.buf.Bytes())
	return err
}

// close ends the array; with no element it writes empty ("[]", or "null"
// for what was a nil slice) instead.
func (a *jsonArray) close(empty string) error {
	end := "\n]\n"
	if a.n == 0 {
		end = empty + "\n"
	}
	_, err := io.WriteString(a.w, end)
	return err
}
