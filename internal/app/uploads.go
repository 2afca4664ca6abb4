package app

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/media"
	"agendo/internal/store"
)

var errUploadsBusy = &domain.Error{Code: domain.CodeRateLimited, RetryAfterSeconds: 10,
	Message: "Muitas imagens sendo enviadas agora. Tente novamente em alguns segundos."}

// BeginUpload admits an upload for p before its body is read: it takes one
// of the account's uploads (30 in any 10 minutes) and waits for room to hold
// a body of size bytes (-1 when unknown) in memory. The caller must call
// release once the body is no longer needed. Errors: rate_limited (30
// uploads per account in 10 minutes, or no room to read the body within 20
// seconds).
func (a *App) BeginUpload(ctx context.Context, p Principal, size int64) (release func(), err error) {
	if ok, wait := a.uploads.perAccount.Allow(p.UserID, a.Now()); !ok {
		secs := max(1, int(wait.Round(time.Second)/time.Second))
		return nil, &domain.Error{Code: domain.CodeRateLimited, RetryAfterSeconds: secs,
			Message: fmt.Sprintf("Você enviou muitas imagens em pouco tempo. Tente novamente em %s.", humanWait(secs))}
	}
	if size < 0 || size > uploadMaxBody {
		size = uploadMaxBody
	}
	ctx, cancel := context.WithTimeout(ctx, uploadMaxWait)
	defer cancel()
	if err := a.uploads.reading.Acquire(ctx, size); err != nil {
		return nil, errUploadsBusy
	}
	return func() { a.uploads.reading.Release(size) }, nil
}

// UploadImage validates, re-encodes and stores an image for the caller
// (DESIGN.md section 8) and returns its id. Images the account no longer
// shows are deleted first (after a day), then the new one must fit the
// quota; nothing is stored when it does not. Errors: invalid (an unknown
// kind; not a JPEG, PNG or WebP; a corrupt, oversized or too heavy image;
// the quota reached), payload_too_large (over 5 MB), rate_limited (the
// decoders are busy).
func (a *App) UploadImage(ctx context.Context, p Principal, kind string, data []byte) (media.Image, string, error) {
	if !slices.Contains(domain.UploadKinds, kind) {
		return media.Image{}, "", domain.Invalid("Tipo de imagem inválido: use logo, avatar ou photo", map[string]string{"kind": "Tipo inválido"})
	}
	img, err := a.uploads.media.Process(ctx, data)
	if err != nil {
		return media.Image{}, "", err
	}
	// A photo of the person is theirs (their profile is); the rest is the
	// store's, within its quota.
	owner := p.StoreID
	if kind == "avatar" {
		owner = p.UserID
	}
	id, now := newID(), a.Now()
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.Lock(ctx, lockUploads, owner); err != nil {
			return err
		}
		if _, err := tx.DeleteUnusedFiles(ctx, owner, now.Add(-unusedFileGrace)); err != nil {
			return err
		}
		used, err := tx.FileBytes(ctx, owner)
		if err != nil {
			return err
		}
		if used+int64(len(img.Display)+len(img.Thumb)) > a.uploads.quota {
			msg := fmt.Sprintf("Você atingiu o limite de armazenamento de imagens (%d MB). Exclua fotos que não usa mais.", a.uploads.quota>>20)
			return domain.Invalid(msg, map[string]string{"file": "Limite de armazenamento atingido"})
		}
		return tx.CreateFile(ctx, store.File{ID: id, UserID: owner, Kind: kind, ContentType: img.ContentType,
			Width: img.Width, Height: img.Height, Data: img.Display, Thumb: img.Thumb, CreatedAt: now})
	})
	if err != nil {
		return media.Image{}, "", err
	}
	return img, id, nil
}

// FileContent returns a stored image (its thumbnail when thumb). Errors:
// not_found.
func (a *App) FileContent(ctx context.Context, id string, thumb bool) (string, []byte, error) {
	var ct string
	var data []byte
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		ct, data, err = tx.FileContent(ctx, id, thumb)
		return err
	})
	return ct, data, err
}

// checkOwnFiles is the one rule for every file reference (logo, avatar,
// photos): each names a file this server stores, uploaded by the caller.
func (a *App) checkOwnFiles(ctx context.Context, tx *store.Tx, userID, field string, refs ...*string) error {
	var ids []string
	for _, r := range refs {
		if r != nil && *r != "" {
			if !validFileRef(*r) {
				return domain.Invalid("Imagem inválida", map[string]string{field: "Imagem inválida"})
			}
			ids = append(ids, strings.TrimPrefix(*r, "/files/"))
		}
	}
	ok, err := tx.OwnsFiles(ctx, userID, ids)
	if err != nil {
		return err
	}
	if !ok {
		return domain.Invalid("Imagem não encontrada: envie a imagem novamente", map[string]string{field: "Imagem não encontrada"})
	}
	return nil
}
