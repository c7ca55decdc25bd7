package wire

import (
	"encoding/json"
	"sync"
)

// Generated decoders read their input through a Reader, a cursor over
// the whole message: every decoder consumes exactly one value starting at
// pos (after optional whitespace) and leaves pos just past it. A member's
// value is therefore read once, by the decoder of its field, instead of
// being skipped to find its end and then parsed again (which made the cost
// of a string grow with its nesting depth).

// Reader is the cursor. depth counts the objects and arrays open
// around pos, so that nesting is bounded (wireMaxDepth) across generated
// decoders, the skipping of unknown members and recursion alike.
type Reader struct {
	data  []byte
	pos   int
	depth int
	// scratch is where strings with escapes are unescaped before they are
	// copied into their exact-size Go string; it lives as long as the
	// reader, which is pooled.
	scratch []byte
	// failed remembers the untagged unions that failed to decode at a
	// position (see recall), so that trying candidates in turn cannot
	// decode the same nested value again and again: without it a
	// recursive untagged union costs exponential time in its depth.
	failed map[wireFailure]error
	// ends and lookEnd serve untagged unions' look-ahead (see lookAhead):
	// where the containers read so far end, once a look-ahead starts inside
	// another one, and where the outermost look-ahead ended.
	ends    map[int]int
	lookEnd int
	// recent are the short strings decoded last, reused when their text
	// comes again; they outlive a message so that a stream's ids are
	// allocated once per reader. Only pooled readers have them: the
	// readers made on the stack for a quick look at a value stay small.
	recent *wireRecentStrings
	// items are the buffers arrays are decoded into (wire_items.go); only
	// pooled readers have them.
	items *wireItemBuffers
}

// Mark is a position to come back to: lenient fields and union
// candidates that fail return there and skip or retry the value.
type Mark struct{ pos, depth int }

// wireReaders recycles readers: decoders are passed around as function
// values (the generic slice, map and pointer helpers), so the compiler
// cannot keep a reader on the stack, and pooling is what keeps decoding
// free of an allocation per message.
var wireReaders = sync.Pool{New: func() any { return &Reader{recent: new(wireRecentStrings), items: new(wireItemBuffers)} }}

// wireScratchMax is the largest scratch buffer a pooled reader keeps: big
// enough that a stream of whole files is unescaped without allocating a
// new buffer for each (the pool lets go of it at garbage collection).
const wireScratchMax = 64 << 20

// Unmarshal decodes data, which must hold exactly one JSON value
// (whitespace around it allowed), with decode, a generated type's decoder
// bound to its value (x.decodeWire): the body of every generated
// UnmarshalJSON. It is not generic, so that one copy of it serves every
// type (a generic function is compiled once per type shape, and most
// generated structs have a shape of their own); the method value does not
// escape, so it costs no allocation. As with encoding/json,
// malformed input is a syntax error even where decoding stopped earlier on
// a value of the wrong kind; the input is validated a second time only on
// that error path.
func Unmarshal(data []byte, decode func(*Reader) error) error {
	r := wireGetReader(data)
	return wireDone(r, decode(r))
}

// UnmarshalWith is Unmarshal for a decoder function: builtins in
// the runtime (JSON-RPC envelopes, Patch) and its tests.
func UnmarshalWith[T any](x *T, data []byte, decode func(*T, *Reader) error) error {
	r := wireGetReader(data)
	return wireDone(r, decode(x, r))
}

// wireGetReader takes a reader over data from the pool.
func wireGetReader(data []byte) *Reader {
	r := wireReaders.Get().(*Reader)
	r.data, r.pos, r.depth = data, 0, 0
	r.failed, r.ends, r.lookEnd = nil, nil, 0
	return r
}

// wireDone finishes a decode that returned err: it checks that only
// whitespace follows the value, prefers a syntax error of the input to a
// kind error, and returns the reader to the pool.
func wireDone(r *Reader, err error) error {
	if err == nil {
		err = wireCheckEnd(r.data, r.pos)
	} else if !wireIsSyntax(err) {
		if verr := Validate(r.data); verr != nil {
			err = verr
		}
	}
	err = FinishPath(err)
	r.data = nil
	if cap(r.scratch) > wireScratchMax {
		r.scratch = nil
	}
	wireReaders.Put(r)
	return err
}

// wireFailure names a failed decode: which untagged union, where.
type wireFailure struct {
	union string
	pos   int
}

// recall returns where the next value starts and, when the untagged union
// called name already failed to decode there, that failure. Decoding is
// deterministic for a given position, so the failure would come again; a
// value decoded with names known from outside (known, from a flattening
// struct) is not remembered, since what it may hold depends on its owner.
// Each union fails at most once per position, which bounds trial decoding
// by the number of unions times the input's length.
func (r *Reader) Recall(name string, known *KnownSet) (int, error) {
	pos := r.At()
	if r.failed == nil || known != nil {
		return pos, nil
	}
	return pos, r.failed[wireFailure{name, pos}]
}

// remember records that the untagged union called name failed at pos,
// unless it was told names from outside (see recall).
func (r *Reader) Remember(name string, pos int, err error, known *KnownSet) {
	if known != nil {
		return
	}
	if r.failed == nil {
		r.failed = map[wireFailure]error{}
	}
	r.failed[wireFailure{name, pos}] = err
}

// mark returns the current position, for reset.
func (r *Reader) Mark() Mark {
	return Mark{r.pos, r.depth}
}

// reset goes back to m.
func (r *Reader) Reset(m Mark) {
	r.pos, r.depth = m.pos, m.depth
}

// at skips whitespace and returns the position of the next value.
func (r *Reader) At() int {
	r.pos = SkipSpace(r.data, r.pos)
	return r.pos
}

// since returns a copy of the input from start to the cursor: the raw
// object a catch-all variant keeps, taken after decoding it, not by
// scanning it again.
func (r *Reader) Since(start int) json.RawMessage {
	return append(json.RawMessage(nil), r.data[start:r.pos]...)
}

// peek skips whitespace and returns the first byte of the next value, or 0
// at the end of the input. It does not consume the value.
func (r *Reader) peek() byte {
	if r.At() >= len(r.data) {
		return 0
	}
	return r.data[r.pos]
}

// kind is Kind's classification of the next value.
func (r *Reader) Kind() byte {
	switch c := r.peek(); {
	case c == '{' || c == '[' || c == '"' || c == 'n' || c == 't':
		return c
	case c == 'f':
		return 't'
	case c == '-' || (c >= '0' && c <= '9'):
		return '0'
	}
	return 0
}

// skip validates the next value and moves past it: the one scan given to a
// value no field wants (unknown members, items a lenient array drops).
func (r *Reader) Skip() error {
	_, err := r.Span()
	return err
}

// span validates the next value, moves past it and returns its exact bytes
// (aliasing the input; copy them to keep them).
func (r *Reader) Span() ([]byte, error) {
	start := SkipSpace(r.data, r.pos)
	end, err := wireSkipIn(r.data, start, r.depth, r.ends)
	if err != nil {
		return nil, err
	}
	r.pos = end
	return r.data[start:end], nil
}

// null consumes the next value and reports true when it is the literal
// null; otherwise it consumes nothing.
func (r *Reader) Null() bool {
	i := SkipSpace(r.data, r.pos)
	if len(r.data)-i >= 4 && string(r.data[i:i+4]) == "null" {
		r.pos = i + 4
		return true
	}
	return false
}

// literal consumes one of true, false or null, whose first byte is next.
func (r *Reader) literal(lit string) error {
	end, err := wireScanLiteral(r.data, r.pos, lit)
	r.pos = end
	return err
}

// kindError explains why the next value is not a want: its syntax error
// when it is malformed (more useful than a kind guessed from its first
// byte), "expected <want>, got <kind>" otherwise. Only on the error path.
func (r *Reader) KindError(want string) error {
	i := SkipSpace(r.data, r.pos)
	if _, err := wireSkipValue(r.data, i, r.depth); err != nil {
		return err
	}
	return Errorf("expected %s, got %s", want, KindName(r.data[i]))
}

// enter opens the object or array whose bracket is at pos, counting it
// against the nesting limit.
func (r *Reader) enter() error {
	if r.depth++; r.depth > wireMaxDepth {
		return wireErrDepth()
	}
	r.pos++
	return nil
}
