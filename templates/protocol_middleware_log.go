package templates

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"time"
	"unicode/utf8"
)

// Logging every message with log/slog, a ready middleware
// (protocol_middleware.go). It logs once a message is done, so that one
// record holds what happened: method, id, params, result or error, and how
// long it took. This file is copied only into packages whose schema has
// methods.

// LogOptions says what LoggingMiddleware logs.
type LogOptions struct {
	// Level is the level of a message that succeeded (zero: Info); one
	// that failed is logged at Warn, or at Level when that is higher.
	Level slog.Level
	// MaxBytes bounds the params and the result logged, in bytes (zero:
	// 256); longer ones are cut and marked with how long they were.
	// Negative: neither is logged.
	MaxBytes int
}

// wireLogMaxBytes is the default bound of the params and results logged:
// enough to recognise a message, short enough for a log line.
const wireLogMaxBytes = 256

// LoggingMiddleware logs every message in both directions to logger, one
// record when it is done: "incoming request", "incoming notification",
// "outgoing request" or "outgoing notification", with the attributes
// method, id (a request's), params, result or error, and duration. A
// record whose level logger does not enable costs no formatting.
func LoggingMiddleware(logger *slog.Logger, opts LogOptions) Middleware {
	if opts.MaxBytes == 0 {
		opts.MaxBytes = wireLogMaxBytes
	}
	wrap := func(direction string) func(MessageFunc) MessageFunc {
		return func(next MessageFunc) MessageFunc {
			return func(ctx context.Context, m MessageInfo) (json.RawMessage, error) {
				start := time.Now()
				result, err := next(ctx, m)
				wireLogMessage(ctx, logger, opts, direction, m, result, err, time.Since(start))
				return result, err
			}
		}
	}
	return Middleware{Incoming: wrap("incoming"), Outgoing: wrap("outgoing")}
}

// wireLogMessage writes one record for m, if its level is enabled.
func wireLogMessage(ctx context.Context, logger *slog.Logger, opts LogOptions, direction string, m MessageInfo, result json.RawMessage, err error, took time.Duration) {
	level := opts.Level
	if err != nil {
		level = max(level, slog.LevelWarn)
	}
	if !logger.Enabled(ctx, level) {
		return
	}
	kind := " request"
	if m.Notification {
		kind = " notification"
	}
	attrs := make([]slog.Attr, 0, 5)
	attrs = append(attrs, slog.String("method", m.Method))
	if m.ID != "" {
		attrs = append(attrs, slog.String("id", m.ID))
	}
	if opts.MaxBytes > 0 {
		attrs = append(attrs, slog.String("params", wireLogExcerpt(m.Params, opts.MaxBytes)))
	}
	switch {
	case err != nil:
		attrs = append(attrs, slog.String("error", err.Error()))
	case !m.Notification && opts.MaxBytes > 0:
		attrs = append(attrs, slog.String("result", wireLogExcerpt(result, opts.MaxBytes)))
	}
	attrs = append(attrs, slog.Duration("duration", took))
	logger.LogAttrs(ctx, level, direction+kind, attrs...)
}

// wireLogExcerpt is raw cut to at most bound bytes (at a character
// boundary), with how long it was when cut; "null" for none.
func wireLogExcerpt(raw json.RawMessage, bound int) string {
	if len(raw) == 0 {
		return "null"
	}
	if len(raw) <= bound {
		return string(raw)
	}
	cut := bound
	for cut > 0 && !utf8.RuneStart(raw[cut]) {
		cut--
	}
	return string(raw[:cut]) + "… (" + strconv.Itoa(len(raw)) + " bytes)"
}
