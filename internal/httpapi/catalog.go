package httpapi

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/media"
)

// PUT /api/v1/store
func (s *Server) handleStoreUpdate(w http.ResponseWriter, r *http.Request) {
	var in app.StoreInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	st, err := s.app.UpdateStore(r.Context(), principal(r.Context()), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// GET /api/v1/onboarding
func (s *Server) handleOnboarding(w http.ResponseWriter, r *http.Request) {
	o, err := s.app.Onboarding(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, o)
}

// GET /api/v1/professionals
func (s *Server) handleProfessionalList(w http.ResponseWriter, r *http.Request) {
	list, err := s.app.Professionals(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

// POST /api/v1/professionals and PUT /api/v1/professionals/{id}
func (s *Server) handleProfessionalSave(w http.ResponseWriter, r *http.Request) {
	var in domain.ProfessionalInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	id := r.PathValue("id")
	p, err := s.app.SaveProfessional(r.Context(), principal(r.Context()), id, in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, createdOrOK(id), p)
}

// GET /api/v1/professionals/{id}/impact
func (s *Server) handleProfessionalImpact(w http.ResponseWriter, r *http.Request) {
	imp, err := s.app.ProfessionalImpact(r.Context(), principal(r.Context()), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, imp)
}

// DELETE /api/v1/professionals/{id}
func (s *Server) handleProfessionalDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.app.DeleteProfessional(r.Context(), principal(r.Context()), r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// GET /api/v1/services
func (s *Server) handleServiceList(w http.ResponseWriter, r *http.Request) {
	list, err := s.app.Services(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

// POST /api/v1/services and PUT /api/v1/services/{id}
func (s *Server) handleServiceSave(w http.ResponseWriter, r *http.Request) {
	var in domain.ServiceInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	id := r.PathValue("id")
	svc, err := s.app.SaveService(r.Context(), principal(r.Context()), id, in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, createdOrOK(id), svc)
}

// GET /api/v1/services/{id}/impact
func (s *Server) handleServiceImpact(w http.ResponseWriter, r *http.Request) {
	imp, err := s.app.ServiceImpact(r.Context(), principal(r.Context()), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, imp)
}

// DELETE /api/v1/services/{id}
func (s *Server) handleServiceDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.app.DeleteService(r.Context(), principal(r.Context()), r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// GET /api/v1/blocked-times
func (s *Server) handleBlockedTimeList(w http.ResponseWriter, r *http.Request) {
	var f domain.BlockedTimeFilter
	if err := decodeQuery(r, &f); err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.app.BlockedTimes(r.Context(), principal(r.Context()), f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

// POST /api/v1/blocked-times and PUT /api/v1/blocked-times/{id}
func (s *Server) handleBlockedTimeSave(w http.ResponseWriter, r *http.Request) {
	var in domain.BlockedTimeInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	id := r.PathValue("id")
	b, err := s.app.SaveBlockedTime(r.Context(), principal(r.Context()), id, in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, createdOrOK(id), b)
}

// DELETE /api/v1/blocked-times/{id}
func (s *Server) handleBlockedTimeDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.app.DeleteBlockedTime(r.Context(), principal(r.Context()), r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func createdOrOK(id string) int {
	if id == "" {
		return http.StatusCreated
	}
	return http.StatusOK
}

// uploadRequest documents the multipart fields of an upload.
type uploadRequest struct {
	File string `json:"file" format:"binary"`
	Kind string `json:"kind" enum:"uploadKind"`
}

type uploadResponse struct {
	ID          string `json:"id" format:"uuid"`
	URL         string `json:"url"`
	ThumbURL    string `json:"thumbUrl"`
	ContentType string `json:"contentType"`
	Width       int    `json:"width"`
	Height      int    `json:"height"`
}

// POST /api/v1/files
//
// A multipart form with the image in "file" and its use in "kind". The
// parts are streamed, never written to disk, and the file part is cut at
// 5 MiB + 1 byte so anything larger is refused without reading it all. The
// account's upload rate, and room in memory for the body, are checked before
// any of it is read; the file goes into one buffer sized from the request's
// length, not one grown by copying.
func (s *Server) handleFileUpload(w http.ResponseWriter, r *http.Request) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		s.writeError(w, r, domain.Errorf(domain.CodeUnsupportedMedia, "Envie a imagem como multipart/form-data"))
		return
	}
	release, err := s.app.BeginUpload(r.Context(), principal(r.Context()), r.ContentLength)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	defer release()
	r.Body = http.MaxBytesReader(w, r.Body, media.MaxBytes+64<<10)
	mr, err := r.MultipartReader()
	if err != nil {
		s.writeError(w, r, domain.Invalid("Formulário de envio inválido", nil))
		return
	}
	var kind string
	var data []byte
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			s.writeError(w, r, uploadReadError(err))
			return
		}
		switch part.FormName() {
		case "kind":
			b, err := io.ReadAll(io.LimitReader(part, 32))
			if err != nil {
				s.writeError(w, r, uploadReadError(err))
				return
			}
			kind = strings.TrimSpace(string(b))
		case "file":
			data, err = readUpload(part, r.ContentLength)
			if err != nil {
				s.writeError(w, r, uploadReadError(err))
				return
			}
			if len(data) > media.MaxBytes {
				s.writeError(w, r, domain.Errorf(domain.CodePayloadTooLarge, "A imagem passa de 5 MB"))
				return
			}
		}
		part.Close()
	}
	if data == nil {
		s.writeError(w, r, domain.Invalid("Escolha uma imagem para enviar", map[string]string{"file": "Escolha uma imagem"}))
		return
	}
	img, id, err := s.app.UploadImage(r.Context(), principal(r.Context()), kind, data)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, uploadResponse{ID: id, URL: "/files/" + id, ThumbURL: "/files/" + id + "/thumb",
		ContentType: img.ContentType, Width: img.Width, Height: img.Height})
}

// readUpload reads a file part of at most 5 MiB + 1 byte into a buffer of
// the request's length (the part is shorter than the request), growing it
// only when that length was not given.
func readUpload(part io.Reader, contentLength int64) ([]byte, error) {
	const limit = media.MaxBytes + 1
	size := int64(64 << 10)
	if contentLength > 0 {
		size = min(contentLength, limit)
	}
	buf := make([]byte, 0, size)
	r := io.LimitReader(part, limit)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func uploadReadError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return domain.Errorf(domain.CodePayloadTooLarge, "A imagem passa de 5 MB")
	}
	return domain.Invalid("Não foi possível receber a imagem; tente novamente", nil)
}

// fileCSP sandboxes served files: even a file a browser mistook for HTML
// could run nothing.
const fileCSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"

// GET /files/{id} and GET /files/{id}/thumb
func (s *Server) handleFile(w http.ResponseWriter, r *http.Request) {
	thumb := strings.HasSuffix(r.Pattern, "/thumb")
	ct, data, err := s.app.FileContent(r.Context(), r.PathValue("id"), thumb)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", ct)
	h.Set("Content-Security-Policy", fileCSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Content-Disposition", "inline")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	_, _ = w.Write(data)
}
