// Package domain holds Agendo's entities, value types, error codes and the
// business rules that need nothing but the standard library.
package domain

import (
	"errors"
	"fmt"
)

// Code classifies an error. The set is closed: httpapi maps each code to one
// HTTP status in a single table.
type Code string

// Error codes.
const (
	CodeInvalid            Code = "invalid"
	CodeUnauthorized       Code = "unauthorized"
	CodeForbidden          Code = "forbidden"
	CodeNotFound           Code = "not_found"
	CodeConflict           Code = "conflict"
	CodeRateLimited        Code = "rate_limited"
	CodePayloadTooLarge    Code = "payload_too_large"
	CodeUnsupportedMedia   Code = "unsupported_media_type"
	CodeInternal           Code = "internal"
	CodeInvalidCredentials Code = "invalid_credentials"
	CodeWeakPassword       Code = "weak_password"
	CodeEmailExists        Code = "email_exists"
	CodeInvalidToken       Code = "invalid_token"
	CodeRefreshReused      Code = "refresh_token_already_used"
	// CodePlanLimit: the free plan's appointment limit is reached.
	CodePlanLimit Code = "plan_limit"
	// CodeBadRequest: a request that is not what the endpoint reads (a
	// webhook delivery unsigned, forged, stale or malformed).
	CodeBadRequest Code = "bad_request"
)

// ErrorCodes lists every code, for the API's description.
var ErrorCodes = []string{string(CodeInvalid), string(CodeUnauthorized), string(CodeForbidden), string(CodeNotFound),
	string(CodeConflict), string(CodeRateLimited), string(CodePayloadTooLarge), string(CodeUnsupportedMedia),
	string(CodeInternal), string(CodeInvalidCredentials), string(CodeWeakPassword), string(CodeEmailExists),
	string(CodeInvalidToken), string(CodeRefreshReused), string(CodePlanLimit), string(CodeBadRequest)}

// Error is an error meant for the user: its message is Portuguese and safe to
// show. Fields holds per-field messages; Reasons explains a weak password.
type Error struct {
	Code    Code
	Message string
	Fields  map[string]string
	Reasons []string
	// RetryAfterSeconds is set on rate_limited errors.
	RetryAfterSeconds int
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// Errorf returns an *Error with a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid returns an invalid-input error with per-field messages. The
// message is the first field's message unless msg is given.
func Invalid(msg string, fields map[string]string) *Error {
	return &Error{Code: CodeInvalid, Message: msg, Fields: fields}
}

// ErrorCode returns the code of err, or CodeInternal when err is not an
// *Error. A nil error has no code.
func ErrorCode(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// ErrNotFound is what stores return when a row does not exist (or belongs to
// another owner: both look the same from outside).
var ErrNotFound = &Error{Code: CodeNotFound, Message: "Não encontrado"}

// ErrUnauthorized is returned when a request carries no valid credentials.
var ErrUnauthorized = &Error{Code: CodeUnauthorized, Message: "Sessão expirada. Entre novamente."}

// ErrForbidden is returned to a signed-in person whose role does not allow
// what they asked (SPEC.md section 8's message).
var ErrForbidden = &Error{Code: CodeForbidden, Message: "Operação não autorizada por questões de segurança"}
