package httpapi

import (
	"errors"
	"io"
	"mime"
	"net/http"

	"agendo/internal/app"
	"agendo/internal/clientfile"
	"agendo/internal/domain"
)

// POST /api/v1/clients
func (s *Server) handleClientCreate(w http.ResponseWriter, r *http.Request) {
	var in app.ClientInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	c, err := s.app.CreateClient(r.Context(), principal(r.Context()), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

// DELETE /api/v1/clients/{phone}
func (s *Server) handleClientDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.app.DeleteClient(r.Context(), principal(r.Context()), r.PathValue("phone")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// importUpload is the file of clients and, after the preview, the field
// each of its columns maps to.
type importUpload struct {
	File    string `json:"file" format:"binary"`
	Mapping string `json:"mapping" doc:"JSON: o campo de cada coluna, na ordem (\"\" para não importar); sem ele, o palpite pelo cabeçalho"`
}

// readImportUpload reads an import's multipart body: the file (its name
// and bytes) and the mapping.
func readImportUpload(w http.ResponseWriter, r *http.Request) (name string, data []byte, mapping string, err error) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		return "", nil, "", domain.Errorf(domain.CodeUnsupportedMedia, "Envie o arquivo como multipart/form-data")
	}
	r.Body = http.MaxBytesReader(w, r.Body, clientfile.MaxBytes+64<<10)
	mr, err := r.MultipartReader()
	if err != nil {
		return "", nil, "", domain.Invalid("Formulário de envio inválido", nil)
	}
	tooBig := domain.Errorf(domain.CodePayloadTooLarge, "O arquivo tem mais de 10 MB. Divida a lista em arquivos menores e importe um de cada vez.")
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return "", nil, "", tooBig
		} else if err != nil {
			return "", nil, "", domain.Invalid("Não foi possível receber o arquivo; tente novamente", nil)
		}
		var b []byte
		switch part.FormName() {
		case "mapping":
			b, err = io.ReadAll(io.LimitReader(part, 64<<10))
			mapping = string(b)
		case "file":
			name = part.FileName()
			b, err = io.ReadAll(io.LimitReader(part, clientfile.MaxBytes+1))
			data = b
		}
		part.Close()
		if errors.As(err, &mbe) || len(data) > clientfile.MaxBytes {
			return "", nil, "", tooBig
		} else if err != nil {
			return "", nil, "", domain.Invalid("Não foi possível receber o arquivo; tente novamente", nil)
		}
	}
	return name, data, mapping, nil
}

// POST /api/v1/client-imports/preview
func (s *Server) handleImportPreview(w http.ResponseWriter, r *http.Request) {
	name, data, mapping, err := readImportUpload(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.PreviewImport(r.Context(), principal(r.Context()), name, data, mapping)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// POST /api/v1/client-imports
func (s *Server) handleImportClients(w http.ResponseWriter, r *http.Request) {
	name, data, mapping, err := readImportUpload(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.ImportClients(r.Context(), principal(r.Context()), name, data, mapping)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, out)
}

// GET /api/v1/client-imports
func (s *Server) handleImportList(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.ListClientImports(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// POST /api/v1/client-imports/{id}/undo
func (s *Server) handleImportUndo(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.UndoClientImport(r.Context(), principal(r.Context()), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
