package templates

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

// wireFastUint converts the unsigned integer literal at data[i] (digits
// only, no leading zero, at most wireMaxFastDigits of them, not followed
// by a fraction or an exponent) and returns its value and end.
func wireFastUint(data []byte, i int) (v uint64, end int, ok bool) {
	j := i
	for j < len(data) && j-i < wireMaxFastDigits {
		d := data[j] - '0'
		if d > 9 {
			break
		}
		v = v*10 + uint64(d)
		j++
	}
	if j == i || (data[i] == '0' && j-i > 1) || (j < len(data) && wireNumberGoesOn(data[j])) {
		return 0, 0, false
	}
	return v, j, true
}

// wireNumberGoesOn reports whether c continues a number whose digits
// stopped before it: a digit past the fast paths' limit, a fraction or an
// exponent.
func wireNumberGoesOn(c byte) bool {
	return c-'0' <= 9 || c == '.' || c == 'e' || c == 'E'
}

// wireExactPow10 are the powers of ten a float64 holds exactly.
var wireExactPow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// wireFastFloat converts the number literal at data[i] when its digits,
// without the decimal point, form an integer below 2^53 and its decimal
// exponent lies within ±22: then both are exact float64 values and one
// multiplication or division rounds correctly (Clinger's fast path, which
// strconv.ParseFloat takes too), so the result is ParseFloat's.
func wireFastFloat(data []byte, i int) (f float64, end int, ok bool) {
	j := i
	neg := j < len(data) && data[j] == '-'
	if neg {
		j++
	}
	start := j
	var mant uint64
	for j < len(data) && data[j]-'0' <= 9 {
		mant = mant*10 + uint64(data[j]-'0')
		j++
	}
	intDigits := j - start
	if intDigits == 0 || (data[start] == '0' && intDigits > 1) {
		return 0, 0, false
	}
	fracDigits := 0
	if j < len(data) && data[j] == '.' {
		j++
		frac := j
		for j < len(data) && data[j]-'0' <= 9 {
			mant = mant*10 + uint64(data[j]-'0')
			j++
		}
		if fracDigits = j - frac; fracDigits == 0 {
			return 0, 0, false
		}
	}
	if intDigits+fracDigits > wireMaxFastDigits || mant >= 1<<53 || fracDigits > 22 {
		// Too many digits to have accumulated without overflow, a
		// mantissa a float64 cannot hold exactly, or a power of ten
		// it cannot.
		return 0, 0, false
	}
	if j < len(data) && (data[j] == 'e' || data[j] == 'E') {
		return 0, 0, false
	}
	f = float64(mant) / wireExactPow10[fracDigits]
	if neg {
		f = -f
	}
	return f, j, true
}
