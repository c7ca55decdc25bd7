package wire

import "math"

// wireInteger decodes a JSON number written in integer syntax (no fraction
// or exponent: the Rust reference rejects 1.0 for an integer) and checks
// that it lies in [-maxNeg, maxPos], the range of the Go type named typ.
// maxNeg == 0 marks an unsigned type, which rejects any minus sign, even
// on -0, as encoding/json does.
// It returns the sign and magnitude so that every width, including the
// full uint64 range, is handled exactly without going through float64.
func wireInteger(r *Reader, typ string, maxNeg, maxPos uint64) (neg bool, mag uint64, err error) {
	if c := r.peek(); c-'0' <= 9 {
		if v, end, ok := wireFastUint(r.data, r.pos); ok && v <= maxPos {
			r.pos = end
			return false, v, nil
		}
	}
	text, isInt, err := wireNumber(r, "integer")
	if err != nil {
		return false, 0, err
	}
	if !isInt {
		return false, 0, Errorf("number %s is not an integer", wireNumText(text))
	}
	neg = text[0] == '-'
	digits := text
	if neg {
		digits = text[1:]
	}
	mag, ok := wireParseDigits(digits)
	if !ok || (neg && (mag > maxNeg || maxNeg == 0)) || (!neg && mag > maxPos) {
		return false, 0, Errorf("number %s out of range for %s", wireNumText(text), typ)
	}
	return neg, mag, nil
}

// wireParseDigits converts a run of decimal digits, reporting overflow of
// uint64 instead of wrapping.
func wireParseDigits(digits []byte) (uint64, bool) {
	var v uint64
	for _, c := range digits {
		d := uint64(c - '0')
		if v > (math.MaxUint64-d)/10 {
			return 0, false
		}
		v = v*10 + d
	}
	return v, true
}

// DecodeInt32 decodes an integer in the int32 range.
func DecodeInt32(dst *int32, r *Reader) error {
	neg, mag, err := wireInteger(r, "int32", 1<<31, math.MaxInt32)
	if err == nil {
		*dst = int32(wireSigned(neg, mag))
	}
	return err
}

// DecodeInt64 decodes an integer in the int64 range.
func DecodeInt64(dst *int64, r *Reader) error {
	neg, mag, err := wireInteger(r, "int64", 1<<63, math.MaxInt64)
	if err == nil {
		*dst = wireSigned(neg, mag)
	}
	return err
}

// DecodeUint16 decodes an integer in the uint16 range.
func DecodeUint16(dst *uint16, r *Reader) error {
	_, mag, err := wireInteger(r, "uint16", 0, math.MaxUint16)
	if err == nil {
		*dst = uint16(mag)
	}
	return err
}

// DecodeUint32 decodes an integer in the uint32 range.
func DecodeUint32(dst *uint32, r *Reader) error {
	_, mag, err := wireInteger(r, "uint32", 0, math.MaxUint32)
	if err == nil {
		*dst = uint32(mag)
	}
	return err
}

// DecodeUint64 decodes an integer in the uint64 range; values above
// 2^53 stay exact because they never pass through float64.
func DecodeUint64(dst *uint64, r *Reader) error {
	_, mag, err := wireInteger(r, "uint64", 0, math.MaxUint64)
	if err == nil {
		*dst = mag
	}
	return err
}

// wireSigned applies the sign to a range-checked magnitude; two's
// complement negation also yields the most negative value correctly.
func wireSigned(neg bool, mag uint64) int64 {
	if neg {
		return int64(-mag)
	}
	return int64(mag)
}
