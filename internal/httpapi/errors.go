package httpapi

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strconv"

	"agendo/internal/domain"
)

// statusOf is the one map from error code to HTTP status.
var statusOf = map[domain.Code]int{
	domain.CodeInvalid:            http.StatusUnprocessableEntity,
	domain.CodeUnauthorized:       http.StatusUnauthorized,
	domain.CodeForbidden:          http.StatusForbidden,
	domain.CodeNotFound:           http.StatusNotFound,
	domain.CodeConflict:           http.StatusConflict,
	domain.CodeRateLimited:        http.StatusTooManyRequests,
	domain.CodePayloadTooLarge:    http.StatusRequestEntityTooLarge,
	domain.CodeUnsupportedMedia:   http.StatusUnsupportedMediaType,
	domain.CodeInternal:           http.StatusInternalServerError,
	domain.CodeInvalidCredentials: http.StatusBadRequest,
	domain.CodeWeakPassword:       http.StatusUnprocessableEntity,
	domain.CodeEmailExists:        http.StatusConflict,
	domain.CodeInvalidToken:       http.StatusBadRequest,
	domain.CodeRefreshReused:      http.StatusUnauthorized,
	domain.CodePlanLimit:          http.StatusPaymentRequired,
	domain.CodeBadRequest:         http.StatusBadRequest,
}

// statusClientClosed is logged for a request its caller cancelled.
const statusClientClosed = 499

type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code      domain.Code       `json:"code" enum:"errorCode"`
	Message   string            `json:"message"`
	Fields    map[string]string `json:"fields,omitempty"`
	Reasons   []string          `json:"reasons,omitempty"`
	RequestID string            `json:"requestId,omitempty"`
}

// writeError answers err in the one error shape. Errors that are not
// *domain.Error are internal: logged with the request id, never detailed to
// the client.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	if domain.ErrorCode(err) != domain.CodeUnauthorized {
		// A route that checks its session in its own read may fail
		// before that read: an ended session still hears 401 first.
		if p := principal(r.Context()); p.UserID != "" {
			if cerr := s.app.CheckSession(r.Context(), p); domain.ErrorCode(cerr) == domain.CodeUnauthorized {
				err = cerr
			}
		}
	}
	var de *domain.Error
	if !errors.As(err, &de) && r.Context().Err() != nil {
		// The caller went away (a browser navigating on) and nobody reads
		// the answer: 499 is nginx's "client closed". What the cancellation
		// caused is no failure; anything else still is, and is logged.
		if !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, sql.ErrTxDone) {
			s.log.WarnContext(r.Context(), "error after the caller left", "err", err, "request_id", requestID(r.Context()),
				"method", knownMethod(r.Method), "route", logRoute(r))
		}
		w.WriteHeader(statusClientClosed)
		return
	}
	if !errors.As(err, &de) {
		s.log.ErrorContext(r.Context(), "internal error", "err", err, "request_id", requestID(r.Context()),
			"method", knownMethod(r.Method), "route", logRoute(r))
		de = &domain.Error{Code: domain.CodeInternal, Message: "Erro interno. Tente novamente em instantes."}
	}
	status, ok := statusOf[de.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if de.RetryAfterSeconds > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(de.RetryAfterSeconds))
	}
	body := errorBody{Error: errorDetail{Code: de.Code, Message: de.Message, Fields: de.Fields, Reasons: de.Reasons}}
	if status >= 500 {
		body.Error.RequestID = requestID(r.Context())
	}
	writeJSON(w, status, body)
}
