// Package acplog logs every message of a connection with log/slog: a
// ready middleware for the generated package's WithMiddleware. It is a
// package of its own so that a program that does not log this way does not
// link log/slog, whose initialization a program importing it always
// carries. It logs once a message is done, so that one record holds what
// happened: method, id, params, result or error, and how long it took.
package acplog

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"time"
	"unicode/utf8"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Options says what Middleware logs.
type Options struct {
	// Level is the level of a message that succeeded (zero: Info); one
	// that failed is logged at Warn, or at Level when that is higher.
	Level slog.Level
	// MaxBytes bounds the params and the result logged, in bytes (zero:
	// 256); longer ones are cut and marked with how long they were.
	// Negative: neither is logged.
	MaxBytes int
}

// defaultMaxBytes is the default bound of the params and results logged:
// enough to recognise a message, short enough for a log line.
const defaultMaxBytes = 256

// Middleware logs every message in both directions to logger, one record
// when it is done: "incoming request", "incoming notification", "outgoing
// request" or "outgoing notification", with the attributes method, id (a
// request's), params, result or error, and duration. A record whose level
// logger does not enable costs no formatting.
func Middleware(logger *slog.Logger, opts Options) acp.Middleware {
	if opts.MaxBytes == 0 {
		opts.MaxBytes = defaultMaxBytes
	}
	wrap := func(direction string) func(acp.MessageFunc) acp.MessageFunc {
		return func(next acp.MessageFunc) acp.MessageFunc {
			return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) {
				start := time.Now()
				result, err := next(ctx, m)
				logMessage(ctx, logger, opts, direction, m, result, err, time.Since(start))
				return result, err
			}
		}
	}
	return acp.Middleware{Incoming: wrap("incoming"), Outgoing: wrap("outgoing")}
}

// logMessage writes one record for m, if its level is enabled.
func logMessage(ctx context.Context, logger *slog.Logger, opts Options, direction string, m acp.MessageInfo, result json.RawMessage, err error, took time.Duration) {
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
		attrs = append(attrs, slog.String("params", excerpt(m.Params, opts.MaxBytes)))
	}
	switch {
	case err != nil:
		attrs = append(attrs, slog.String("error", err.Error()))
	case !m.Notification && opts.MaxBytes > 0:
		attrs = append(attrs, slog.String("result", excerpt(result, opts.MaxBytes)))
	}
	attrs = append(attrs, slog.Duration("duration", took))
	logger.LogAttrs(ctx, level, direction+kind, attrs...)
}

// excerpt is raw cut to at most bound bytes (at a character boundary),
// with how long it was when cut; "null" for none.
func excerpt(raw json.RawMessage, bound int) string {
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
