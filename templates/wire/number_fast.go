package wire

// Numbers in protocol messages are short: token counts, line numbers,
// costs. The general path scans a number to validate it and find its end,
// then converts the text (wireParseDigits, strconv.ParseFloat), reading it
// twice. The fast paths here convert while they scan, for the forms that
// convert exactly as they go; anything else (a sign on an integer, more
// than 19 digits, a float that needs correct rounding, malformed text)
// returns ok == false and the caller takes the general path from the
// same position, so errors and results stay the general path's.

// wireMaxFastDigits is the most digits a uint64 accumulates without
// overflow (10^19 - 1 < 2^64).
const wireMaxFastDigits = 19

// wireFastDigits accumulates into v the decimal digits from data[j] on,
// reading at most limit+1 of them (one more than allowed says there were
// too many), and returns v, the index past them and how many there were.
func wireFastDigits(data []byte, j int, v uint64, limit int) (uint64, int, int) {
	start := j
	for j < len(data) && j-start <= limit {
		d := data[j] - '0'
		if d > 9 {
			break
		}
		v = v*10 + uint64(d)
		j++
	}
	return v, j, j - start
}

// wireFastIntPart reads the integer part of a number at data[i]: at least
// one digit, no leading zero, at most wireMaxFastDigits digits.
func wireFastIntPart(data []byte, i int) (v uint64, end, n int, ok bool) {
	v, end, n = wireFastDigits(data, i, 0, wireMaxFastDigits)
	ok = n > 0 && n <= wireMaxFastDigits && (data[i] != '0' || n == 1)
	return v, end, n, ok
}

// wireFastUint converts the unsigned integer literal at data[i] (an
// integer part not followed by a fraction or an exponent) and returns its
// value and end.
func wireFastUint(data []byte, i int) (v uint64, end int, ok bool) {
	v, end, _, ok = wireFastIntPart(data, i)
	if !ok || (end < len(data) && wireNumberGoesOn(data[end])) {
		return 0, 0, false
	}
	return v, end, true
}

// wireNumberGoesOn reports whether c continues a number whose digits
// stopped before it: a fraction or an exponent.
func wireNumberGoesOn(c byte) bool {
	return c == '.' || c == 'e' || c == 'E'
}

// wireExactPow10 are the powers of ten wireFastFloat divides by, each an
// exact float64 (all are, up to 10^22).
var wireExactPow10 = [wireMaxFastDigits + 1]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// wireFastFloat converts the number literal at data[i] when it has no
// exponent and its digits, without the decimal point, are at most
// wireMaxFastDigits and form an integer below 2^53: then that integer and
// the power of ten it is divided by (at most 10^19) are exact float64
// values and one division rounds correctly (Clinger's fast path, which
// strconv.ParseFloat takes too), so the result is ParseFloat's.
func wireFastFloat(data []byte, i int) (f float64, end int, ok bool) {
	j := i
	neg := j < len(data) && data[j] == '-'
	if neg {
		j++
	}
	mant, j, intDigits, ok := wireFastIntPart(data, j)
	if !ok {
		return 0, 0, false
	}
	fracDigits := 0
	if j < len(data) && data[j] == '.' {
		limit := wireMaxFastDigits - intDigits
		if mant, j, fracDigits = wireFastDigits(data, j+1, mant, limit); fracDigits == 0 || fracDigits > limit {
			return 0, 0, false
		}
	}
	if mant >= 1<<53 || (j < len(data) && (data[j] == 'e' || data[j] == 'E')) {
		return 0, 0, false
	}
	f = float64(mant) / wireExactPow10[fracDigits]
	if neg {
		f = -f
	}
	return f, j, true
}
